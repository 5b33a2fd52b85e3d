import { nextSnowflake } from '@/lib/platform/snowflake';
import { assertUserExists } from './assert-user-exists';
import { lockTargetTweet } from './lock-target-tweet';
import { inTransaction } from '@/lib/db/transaction';

export type LikeInput = { userId: string; tweetId: string };
/** `changed` is false when the like was already there (or already gone, for unlike). */
export type LikeChange = { changed: boolean; liked: boolean };

/** Likes a tweet as a user; liking it again changes nothing and counts nothing twice. */
export async function likeTweet(input: LikeInput): Promise<LikeChange> {
  return inTransaction(async (client) => {
    await assertUserExists(client, input.userId);
    const tweetId = await lockTargetTweet(client, input.tweetId);
    const inserted = await client.query({
      name: 'write_insert_like',
      text: 'INSERT INTO platform.likes (id, user_id, tweet_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
      values: [nextSnowflake(), input.userId, tweetId],
    });
    if (inserted.rowCount === 0) return { changed: false, liked: true };
    await client.query({
      name: 'write_tweet_like_count_up',
      text: 'UPDATE platform.tweets SET like_count = like_count + 1 WHERE id = $1',
      values: [tweetId],
    });
    await client.query({
      name: 'write_user_like_count_up',
      text: 'UPDATE platform.users SET like_count = like_count + 1 WHERE id = $1',
      values: [input.userId],
    });
    return { changed: true, liked: true };
  });
}
