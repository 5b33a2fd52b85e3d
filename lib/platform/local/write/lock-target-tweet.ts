import type pg from 'pg';
import { NotFoundError } from '@/lib/platform/errors';
import { storableId } from '../ids';

/**
 * The tweet a like or retweet acts on (a retweet's original, as on the real platform),
 * locked FOR KEY SHARE: a concurrent delete waits for this transaction, while other likes
 * and retweets of the same tweet do not.
 */
export async function lockTargetTweet(client: pg.PoolClient, tweetId: string): Promise<string> {
  if (storableId(tweetId) === null) throw new NotFoundError(`tweet ${tweetId} not found`);
  const { rows } = await client.query<{ id: string }>({
    name: 'write_lock_target_tweet',
    text: `SELECT id FROM platform.tweets
           WHERE id = (SELECT coalesce(retweeted_tweet_id, id) FROM platform.tweets WHERE id = $1)
           FOR KEY SHARE`,
    values: [tweetId],
  });
  if (rows.length === 0) throw new NotFoundError(`tweet ${tweetId} not found`);
  return rows[0].id;
}
