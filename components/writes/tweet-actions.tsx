'use client';

import { useState } from 'react';
import { Icon } from '@/components/explorer/icons';
import { ComposeBox, type ComposeMode, type PostedTweet } from './compose-box';
import { CostBadge } from './cost-badge';
import { LikeButton } from './like-button';
import { RetweetButton } from './retweet-button';
import { useWriteCost, writeCostLabel } from './write-cost';

type Props = {
  tweetId: string;
  /** Known states, when the caller has them; unknown is fine (the writes are idempotent). */
  liked?: boolean | null;
  retweeted?: boolean | null;
  onPosted?: (tweet: PostedTweet) => void;
};

/**
 * The write actions under a tweet: reply and quote (opening a compose box for this tweet),
 * like and retweet toggles, each marked with its cost for the workspace. The explorer's tweet cards
 * mount it in their actions slot.
 */
export function TweetActions({ tweetId, liked = null, retweeted = null, onPosted }: Props) {
  const [composing, setComposing] = useState<Exclude<ComposeMode, 'tweet'> | null>(null);
  const costs = { reply: useWriteCost('replyToTweet'), quote: useWriteCost('quoteTweet') };
  const opener = (mode: 'reply' | 'quote', label: string) => (
    <button
      type="button"
      aria-expanded={composing === mode}
      onClick={() => setComposing(composing === mode ? null : mode)}
      className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 px-3 py-1 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      <Icon name={mode} />
      {label}
      <span className="sr-only"> ({writeCostLabel(costs[mode])})</span>
      <CostBadge credits={costs[mode]} />
    </button>
  );
  return (
    <div className="flex flex-col gap-3">
      <div role="group" aria-label="Tweet actions" className="flex flex-wrap items-start gap-2">
        {opener('reply', 'Reply')}
        {opener('quote', 'Quote')}
        <LikeButton tweetId={tweetId} liked={liked} />
        <RetweetButton tweetId={tweetId} retweeted={retweeted} />
      </div>
      {composing && (
        <ComposeBox
          key={composing}
          mode={composing}
          targetTweetId={tweetId}
          fixedMode
          onPosted={onPosted}
        />
      )}
    </div>
  );
}
