import { getPool } from '@/lib/db/pool';

export type Samples = { usernames: string[]; tweet_ids: string[]; list_ids: string[]; community_ids: string[] };

/**
 * Real ids to make first calls with: the most followed users, well-answered recent
 * tweets, and the largest lists and communities of the embedded platform.
 */
export async function getSamples(size = 5): Promise<Samples> {
  const pool = getPool();
  const [users, tweets, lists, communities] = await Promise.all([
    pool.query<{ username: string }>('SELECT username FROM platform.users ORDER BY followers_count DESC, id LIMIT $1', [size]),
    pool.query<{ id: string }>(
      `SELECT id FROM (SELECT id, reply_count + quote_count AS activity FROM platform.tweets
                        WHERE retweeted_tweet_id IS NULL ORDER BY id DESC LIMIT 20000) recent
        ORDER BY activity DESC, id DESC LIMIT $1`,
      [size],
    ),
    pool.query<{ id: string }>('SELECT id FROM platform.lists ORDER BY member_count DESC, id LIMIT $1', [size]),
    pool.query<{ id: string }>('SELECT id FROM platform.communities ORDER BY member_count DESC, id LIMIT $1', [size]),
  ]);
  return {
    usernames: users.rows.map((r) => r.username),
    tweet_ids: tweets.rows.map((r) => r.id),
    list_ids: lists.rows.map((r) => r.id),
    community_ids: communities.rows.map((r) => r.id),
  };
}
