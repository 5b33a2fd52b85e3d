import { assertUserExists } from './assert-user-exists';
import { lockTargetTweet } from './lock-target-tweet';
import { removeTweets } from './remove-tweets';
import { inTransaction } from '@/lib/db/transaction';
import type { RetweetInput } from './retweet';

export type UnretweetChange = { changed: boolean; retweeted: false };

/** Takes back a user's retweet of a tweet; unretweeting a tweet not retweeted changes nothing. */
export async function unretweet(input: RetweetInput): Promise<UnretweetChange> {
  return inTransaction(async (client) => {
    await assertUserExists(client, input.userId);
    const originalId = await lockTargetTweet(client, input.tweetId);
    const { rows } = await client.query<{ id: string }>({
      name: 'write_lock_retweet',
      text: 'SELECT id FROM platform.tweets WHERE author_id = $1 AND retweeted_tweet_id = $2 FOR UPDATE',
      values: [input.userId, originalId],
    });
    if (rows.length === 0) return { changed: false, retweeted: false };
    await removeTweets(client, [rows[0].id]);
    return { changed: true, retweeted: false };
  });
}
