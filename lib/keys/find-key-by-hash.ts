import { getPool } from '@/lib/db/pool';
import { formatKeyDisplay } from './key-format';
import type { ApiKeyRecord, KeyScope } from './types';

type KeyRow = {
  id: string;
  user_id: string;
  name: string;
  key_start: string;
  key_end: string;
  scopes: string[];
  rate_limit: number;
  credit_limit: string | null;
  credits_spent: string;
  expires_at: Date | null;
  revoked_at: Date | null;
  previous_key_expires_at: Date | null;
  by_previous: boolean;
};

const FIND_KEY_SQL = `
  SELECT id, user_id, name, key_start, key_end, scopes, rate_limit, credit_limit, credits_spent, expires_at, revoked_at,
         previous_key_expires_at, key_hash <> $1 AS by_previous
  FROM api_keys WHERE key_hash = $1 OR previous_key_hash = $1`;

/**
 * The key stored under a SHA-256 hash (its current secret, or the one a rotation replaced), or
 * null; revoked and expired keys are returned too.
 */
export async function findKeyByHash(keyHash: string): Promise<ApiKeyRecord | null> {
  const { rows } = await getPool().query<KeyRow>({ name: 'perch_keys_find_by_hash', text: FIND_KEY_SQL, values: [keyHash] });
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    display: formatKeyDisplay({ keyStart: row.key_start, keyEnd: row.key_end }),
    scopes: row.scopes.filter((scope): scope is KeyScope => scope === 'read' || scope === 'write'),
    rateLimit: row.rate_limit,
    creditLimit: row.credit_limit === null ? null : Number(row.credit_limit),
    creditsSpent: Number(row.credits_spent),
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    // The replaced secret of a rotated key; one whose grace period ended without a date still ends.
    graceEndsAt: row.by_previous ? (row.previous_key_expires_at ?? new Date(0)) : null,
  };
}
