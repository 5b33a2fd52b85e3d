import { assertUserExists } from './assert-user-exists';
import type { LikeInput, LikeChange } from './like-tweet';
import { lockTargetTweet } from './lock-target-tweet';
import { inTransaction } from '@/lib/db/transaction';

/** Takes back a user's like of a tweet; unliking a tweet not liked changes nothing. */
export async function unlikeTweet(input: LikeInput): Promise<LikeChange> {
  return inTransaction(async (client) => {
    await assertUserExists(client, input.userId);
    const tweetId = await lockTargetTweet(client, input.tweetId);
    const deleted = await client.query({
      name: 'write_delete_like',
      text: 'DELETE FROM platform.likes WHERE user_id = $1 AND tweet_id = $2',
      values: [input.userId, tweetId],
    });
    if (deleted.rowCount === 0) return { changed: false, liked: false };
    await client.query({
      name: 'write_tweet_like_count_down',
      text: 'UPDATE platform.tweets SET like_count = GREATEST(like_count - 1, 0) WHERE id = $1',
      values: [tweetId],
    });
    await client.query({
      name: 'write_user_like_count_down',
      text: 'UPDATE platform.users SET like_count = GREATEST(like_count - 1, 0) WHERE id = $1',
      values: [input.userId],
    });
    return { changed: true, liked: false };
  });
}
