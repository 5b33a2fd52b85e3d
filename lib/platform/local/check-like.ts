import type { LikeCheck } from '@/lib/platform/types';
import { isoTime } from './map-values';
import { runQuery } from './query';
import { requireRow } from './require-row';
import { resolveUser } from './resolve-user';

// A like's time is its snowflake id's moment: the likes table keeps no other.
const LIKE_TIME = 'SELECT platform.snowflake_time(id) AS liked_at FROM platform.likes WHERE user_id = $1 AND tweet_id = $2';

/** Whether a user liked a tweet, and when. */
export async function checkLike(tweetId: string, username: string): Promise<LikeCheck> {
  const [id, user] = await Promise.all([requireRow('tweet', tweetId), resolveUser(username)]);
  const rows = await runQuery<{ liked_at: Date }>(LIKE_TIME, [user.id, id], { prepared: true });
  const likedAt = rows[0]?.liked_at;
  return { tweet_id: id, user, liked: likedAt !== undefined, liked_at: likedAt === undefined ? null : isoTime(likedAt) };
}
