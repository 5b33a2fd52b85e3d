import type { Tweet } from '@perch/client';
import { TweetActions as WriteActions } from '@/components/writes/tweet-actions';

/**
 * The action buttons under a tweet card: reply, quote, like and retweet as the connected
 * platform account, each showing its 100-credit cost (components/writes), pressed when the
 * record's `viewer` says the account already liked or retweeted it. Every TweetCard renders it
 * unless its `actions` prop replaces it.
 */
export function TweetActions({ tweet }: { tweet: Tweet }) {
  return <WriteActions tweetId={tweet.id} liked={tweet.viewer?.liked ?? null} retweeted={tweet.viewer?.retweeted ?? null} />;
}
