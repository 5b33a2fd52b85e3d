import type { ViewerRelations } from '@/lib/platform/types';
import { storableId } from './ids';
import { runQuery } from './query';

// Four primary-key or unique-index probes in one statement: one round trip per page, however
// many records it holds.
const RELATIONS = `SELECT
  ARRAY(SELECT tweet_id::text FROM platform.likes WHERE user_id = $1 AND tweet_id = ANY($2::bigint[])) AS liked,
  ARRAY(SELECT retweeted_tweet_id::text FROM platform.tweets WHERE author_id = $1 AND retweeted_tweet_id = ANY($2::bigint[])) AS retweeted,
  ARRAY(SELECT followee_id::text FROM platform.follows WHERE follower_id = $1 AND followee_id = ANY($3::bigint[])) AS following,
  ARRAY(SELECT follower_id::text FROM platform.follows WHERE followee_id = $1 AND follower_id = ANY($3::bigint[])) AS "followedBy"`;

/** Which of these tweets a user liked and retweeted, which of these users it follows and is followed by. */
export async function getViewerRelations(viewerId: string, about: { tweetIds: readonly string[]; userIds: readonly string[] }): Promise<ViewerRelations> {
  const viewer = storableId(viewerId);
  if (viewer === null || (about.tweetIds.length === 0 && about.userIds.length === 0)) return { liked: [], retweeted: [], following: [], followedBy: [] };
  const rows = await runQuery<ViewerRelations>(RELATIONS, [viewer, about.tweetIds, about.userIds], { prepared: true });
  return rows[0];
}
