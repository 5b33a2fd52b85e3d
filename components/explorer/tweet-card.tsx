import Link from 'next/link';
import type { ReactNode } from 'react';
import type { Tweet } from '@perch/client';
import { profileHref, tweetHref } from '@/lib/explorer/links';
import { Avatar } from './avatar';
import { CommunityLink } from './community-link';
import { Icon } from './icons';
import { RelativeTime } from './relative-time';
import { TweetActions } from './tweet-actions';
import { TweetCounts } from './tweet-counts';
import { TweetMedia } from './tweet-media';
import { TweetText } from './tweet-text';
import { VerifiedBadge } from './verified-badge';

type EmbeddedTweet = NonNullable<Tweet['quoted_tweet']>;

type Props = {
  tweet: Tweet;
  /**
   * Buttons under the tweet (like, retweet…), given the tweet shown: the retweeted one for a
   * retweet. Defaults to <TweetActions>, the placeholder issue 6 fills in.
   */
  actions?: (tweet: Tweet) => ReactNode;
  /** The tweet page's own tweet: larger text, no link to itself. */
  featured?: boolean;
};

function AuthorLine({ tweet, linkTime }: { tweet: Tweet | EmbeddedTweet; linkTime: boolean }) {
  const { author } = tweet;
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-1.5 text-sm">
      <Link href={profileHref(author.username)} className="flex min-w-0 items-center gap-1 font-semibold hover:underline focus-visible:outline-2 focus-visible:outline-brand-500">
        <span className="truncate">{author.name}</span>
        <VerifiedBadge user={author} />
      </Link>
      <span className="truncate text-slate-500 dark:text-slate-400">@{author.username}</span>
      <span aria-hidden="true" className="text-slate-400">
        ·
      </span>
      {linkTime ? (
        <Link
          href={tweetHref(tweet.id)}
          className="text-slate-500 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-slate-400"
          aria-label={`Open the tweet by @${author.username}`}
        >
          <RelativeTime iso={tweet.created_at} />
        </Link>
      ) : (
        <span className="text-slate-500 dark:text-slate-400">
          <RelativeTime iso={tweet.created_at} />
        </span>
      )}
    </div>
  );
}

function Quoted({ tweet }: { tweet: EmbeddedTweet }) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
      <div className="flex min-w-0 items-center gap-2">
        <Avatar name={tweet.author.name ?? tweet.author.username} username={tweet.author.username} url={tweet.author.profile_image_url} size="sm" />
        <AuthorLine tweet={tweet} linkTime />
      </div>
      <TweetText tweet={tweet} className="text-sm" />
      <TweetMedia media={tweet.media} sensitive={tweet.possibly_sensitive} />
    </div>
  );
}

/** One tweet: author with avatar and badge, linked text, media, the quoted tweet, counts and the actions slot. */
export function TweetCard({ tweet: outer, actions, featured = false }: Props) {
  // A retweet shows the original under a "retweeted" line; its counts and actions are the original's.
  const tweet: Tweet = outer.retweeted_tweet ? { ...outer.retweeted_tweet, quoted_tweet: null, retweeted_tweet: null } : outer;
  return (
    <article aria-label={`Tweet by @${tweet.author.username}`} className="flex min-w-0 flex-col gap-2 border-b border-slate-200 px-1 py-4 dark:border-slate-800">
      {outer.retweeted_tweet && (
        <p className="flex items-center gap-1.5 pl-12 text-xs font-medium text-slate-500 dark:text-slate-400">
          <Icon name="retweet" />
          <Link href={profileHref(outer.author.username)} className="hover:underline">
            {outer.author.name}
          </Link>{' '}
          retweeted
        </p>
      )}
      <div className="flex min-w-0 gap-3">
        <Avatar name={tweet.author.name ?? tweet.author.username} username={tweet.author.username} url={tweet.author.profile_image_url} />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <AuthorLine tweet={tweet} linkTime={!featured} />
          {tweet.in_reply_to && (
            <p className="text-xs text-slate-500 dark:text-slate-400">
              Replying to{' '}
              {tweet.in_reply_to.username ? (
                <Link href={profileHref(tweet.in_reply_to.username)} className="text-brand-700 hover:underline dark:text-brand-500">
                  @{tweet.in_reply_to.username}
                </Link>
              ) : (
                'a deleted account'
              )}
              {' · '}
              <Link href={tweetHref(tweet.in_reply_to.tweet_id)} className="hover:underline">
                see the tweet
              </Link>
            </p>
          )}
          <TweetText tweet={tweet} className={featured ? 'text-lg' : 'text-[15px]'} />
          <TweetMedia media={tweet.media} sensitive={tweet.possibly_sensitive} />
          {outer.quoted_tweet && !outer.retweeted_tweet && <Quoted tweet={outer.quoted_tweet} />}
          {tweet.community_id && <CommunityLink communityId={tweet.community_id} />}
          <TweetCounts tweet={tweet} />
          {actions ? actions(tweet) : <TweetActions tweet={tweet} />}
        </div>
      </div>
    </article>
  );
}
