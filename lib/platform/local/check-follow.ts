import type { FollowCheck } from '@/lib/platform/types';
import { runQuery } from './query';
import { resolveUser } from './resolve-user';

const FOLLOW_BOTH_WAYS = `SELECT
    EXISTS (SELECT 1 FROM platform.follows WHERE follower_id = $1 AND followee_id = $2) AS following,
    EXISTS (SELECT 1 FROM platform.follows WHERE follower_id = $2 AND followee_id = $1) AS followed_by`;

/** Whether `source` follows `target` and the other way round. */
export async function checkFollow(sourceUsername: string, targetUsername: string): Promise<FollowCheck> {
  const [source, target] = await Promise.all([resolveUser(sourceUsername), resolveUser(targetUsername)]);
  const [row] = await runQuery<{ following: boolean; followed_by: boolean }>(FOLLOW_BOTH_WAYS, [source.id, target.id], { prepared: true });
  return { source, target, following: row.following, followed_by: row.followed_by };
}
