import type { EmbeddedTweet, Tweet } from '@/lib/platform/types';
import { runQuery } from './query';
import { TWEET_COLUMNS, TWEET_JOINS, toEmbeddedTweet, toTweet, type TweetRow } from './tweet-row';

const TWEETS_BY_ID = `SELECT ${TWEET_COLUMNS} FROM platform.tweets t ${TWEET_JOINS} WHERE t.id = ANY($1::bigint[])`;

/** Tweet rows (with authors) by id, in no particular order; ids must be storable. */
export async function tweetRowsById(ids: readonly string[]): Promise<TweetRow[]> {
  if (ids.length === 0) return [];
  return runQuery<TweetRow>(TWEETS_BY_ID, [ids], { prepared: true });
}

/**
 * Turns a page of rows into Tweet records: the quoted and retweeted tweets of the whole
 * page, with their authors, come in one more query, never one per tweet.
 */
export async function hydrateTweets(rows: readonly TweetRow[]): Promise<Tweet[]> {
  const refIds = new Set<string>();
  for (const row of rows) {
    if (row.quoted_tweet_id !== null) refIds.add(row.quoted_tweet_id);
    if (row.retweeted_tweet_id !== null) refIds.add(row.retweeted_tweet_id);
  }
  const refs = new Map<string, EmbeddedTweet>();
  for (const ref of await tweetRowsById([...refIds])) refs.set(ref.id, toEmbeddedTweet(ref));
  return rows.map((row) => toTweet(row, refs));
}
