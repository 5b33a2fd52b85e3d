import { NotFoundError } from '@/lib/platform/errors';
import { storableId } from './ids';
import { runQuery } from './query';

export type TweetKey = { id: string; conversation_id: string };

const TWEET_KEY = 'SELECT id::text AS id, conversation_id::text AS conversation_id FROM platform.tweets WHERE id = $1';

/** The tweet's id and conversation; NotFoundError when it does not exist. */
export async function requireTweet(tweetId: string): Promise<TweetKey> {
  const id = storableId(tweetId);
  if (id === null) throw new NotFoundError('tweet');
  const rows = await runQuery<TweetKey>(TWEET_KEY, [id], { prepared: true });
  if (rows.length === 0) throw new NotFoundError('tweet');
  return rows[0];
}
