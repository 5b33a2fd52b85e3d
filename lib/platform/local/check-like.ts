import type { LikeCheck } from '@/lib/platform/types';
import { isoTime } from './map-values';
import { runQuery } from './query';
import { requireTweet } from './require-tweet';
import { resolveUser } from './resolve-user';

// A like's time is its snowflake id's moment: the likes table keeps no other.
const LIKE_TIME = 'SELECT platform.snowflake_time(id) AS liked_at FROM platform.likes WHERE user_id = $1 AND tweet_id = $2';

/** Whether a user liked a tweet, and when. */
export async function checkLike(tweetId: string, username: string): Promise<LikeCheck> {
  const [tweet, user] = await Promise.all([requireTweet(tweetId), resolveUser(username)]);
  const rows = await runQuery<{ liked_at: Date }>(LIKE_TIME, [user.id, tweet.id], { prepared: true });
  const likedAt = rows[0]?.liked_at;
  return { tweet_id: tweet.id, user, liked: likedAt !== undefined, liked_at: likedAt === undefined ? null : isoTime(likedAt) };
}
