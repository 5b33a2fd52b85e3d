'use client';

import { useSearchParams } from 'next/navigation';
import { explorerApi } from '@/lib/explorer/api';
import { TWEET_TABS, pickTab, tweetFeed } from '@/lib/explorer/feeds';
import { FetchCost } from './fetch-cost';
import { AskBeforeFetch } from './ask-before-fetch';
import { FetchError } from './fetch-error';
import { InfiniteFeed } from './infinite-feed';
import { LinkTabs } from './link-tabs';
import { TweetCard } from './tweet-card';
import { usePaidQuery } from './use-paid-query';

/** A tweet page: the tweet, then its conversation, quotes, likers and retweeters in tabs. */
export function TweetView({ tweetId }: { tweetId: string }) {
  const tab = pickTab(TWEET_TABS, useSearchParams().get('tab'));
  const tweet = usePaidQuery([tweetId], 'getTweet', (o) => explorerApi().getTweet(tweetId, {}, o));
  if (tweet.isError) return <FetchError error={tweet.error} what={`tweet ${tweetId}`} />;
  if (tweet.waitingForApproval) return <AskBeforeFetch what="this tweet" operationId="getTweet" maxCost={tweet.maxCost} onApprove={tweet.approval.approve} />;
  const label = TWEET_TABS.find((t) => t.id === tab)!.label;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <h1 className="text-xl font-bold">Tweet</h1>
      {tweet.data ? (
        <div className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white px-3 dark:border-slate-800 dark:bg-slate-900/60">
          <TweetCard tweet={tweet.data.data} featured />
          <div className="pb-2">
            <FetchCost operationId="getTweet" credits={tweet.data.meta.credits_charged} />
          </div>
        </div>
      ) : (
        <p role="status" className="py-6 text-sm text-slate-500 dark:text-slate-400">
          Loading the tweet…
        </p>
      )}
      {tweet.data && (
        <>
          <LinkTabs label="Tweet sections" tabs={TWEET_TABS} current={tab} />
          <InfiniteFeed key={tab} feed={tweetFeed(tweetId, tab)} label={label} emptyText={tab === 'replies' ? 'No replies in this conversation yet.' : `No ${label.toLowerCase()} yet.`} />
        </>
      )}
    </div>
  );
}
