import type { RetweetCheck } from '@/lib/platform/types';
import { isoTime } from './map-values';
import { runQuery } from './query';
import { requireRow } from './require-row';
import { resolveUser } from './resolve-user';

const RETWEET_AND_QUOTES = `SELECT
    (SELECT created_at FROM platform.tweets WHERE author_id = $1 AND retweeted_tweet_id = $2) AS retweeted_at,
    ARRAY(SELECT id::text FROM platform.tweets WHERE quoted_tweet_id = $2 AND author_id = $1 ORDER BY platform.tweets.id DESC) AS quote_tweet_ids`;

/** Whether a user retweeted a tweet (and when), and which of their tweets quote it. */
export async function checkRetweet(tweetId: string, username: string): Promise<RetweetCheck> {
  const [id, user] = await Promise.all([requireRow('tweet', tweetId), resolveUser(username)]);
  const [row] = await runQuery<{ retweeted_at: Date | null; quote_tweet_ids: string[] }>(RETWEET_AND_QUOTES, [user.id, id], {
    prepared: true,
  });
  return {
    tweet_id: id,
    user,
    retweeted: row.retweeted_at !== null,
    retweeted_at: row.retweeted_at === null ? null : isoTime(row.retweeted_at),
    quoted: row.quote_tweet_ids.length > 0,
    quote_tweet_ids: row.quote_tweet_ids,
  };
}
