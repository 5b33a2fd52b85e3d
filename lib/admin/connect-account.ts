import { readConnection, saveOperatorConnection } from '@/lib/connections/connection-store';
import { revokeStoredTokens } from '@/lib/connections/revoke-stored-tokens';
import { getPool } from '@/lib/db/pool';

/**
 * Links a Perch account to a platform user without the OAuth flow (operators and tests): an
 * "operator link" with no tokens, valid until removed; writes then act as that user. An OAuth
 * connection it replaces has its grant revoked at the platform.
 */
export async function connectAccountDirectly(userId: string, platformUsername: string): Promise<{ username: string }> {
  const { rows } = await getPool().query<{ id: string; username: string }>('SELECT id::text, username FROM platform.users WHERE lower(username) = lower($1)', [
    platformUsername.replace(/^@/, ''),
  ]);
  const platformUser = rows[0];
  if (!platformUser) throw new Error(`no platform user @${platformUsername}`);
  const previous = await readConnection(userId);
  await saveOperatorConnection(userId, platformUser, ['tweet.read', 'tweet.write', 'like.write', 'follows.write']);
  if (previous) await revokeStoredTokens(userId, previous);
  return { username: platformUser.username };
}
