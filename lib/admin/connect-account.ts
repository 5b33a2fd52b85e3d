import { getPool } from '@/lib/db/pool';

/**
 * Links a Perch account to a platform user without the OAuth flow (operators and tests):
 * writes then act as that user.
 */
export async function connectAccountDirectly(userId: string, platformUsername: string): Promise<{ username: string }> {
  const pool = getPool();
  const { rows } = await pool.query<{ id: string; username: string }>('SELECT id, username FROM platform.users WHERE lower(username) = lower($1)', [
    platformUsername.replace(/^@/, ''),
  ]);
  const platformUser = rows[0];
  if (!platformUser) throw new Error(`no platform user @${platformUsername}`);
  await pool.query(
    `INSERT INTO platform_connections (user_id, platform, platform_user_id, username, scopes)
     VALUES ($1, 'local', $2, $3, ARRAY['tweet.read', 'tweet.write', 'like.write', 'follows.write'])
     ON CONFLICT (user_id) DO UPDATE SET platform_user_id = EXCLUDED.platform_user_id, username = EXCLUDED.username,
       scopes = EXCLUDED.scopes, access_token_enc = NULL, refresh_token_enc = NULL, access_expires_at = NULL`,
    [userId, platformUser.id, platformUser.username],
  );
  return { username: platformUser.username };
}
