import { getPool } from '@/lib/db/pool';
import { sharedKeyCache } from './key-cache';
import { formatKeyDisplay, generateApiKey, hashApiKey, keyDisplayParts } from './key-format';
import { publishKeyInvalidation } from './key-invalidation';

/** Grace periods offered for the replaced secret, in hours: none, an hour, a day, a week. */
export const ROTATION_GRACE_HOURS = [0, 1, 24, 168] as const;
export type RotationGraceHours = (typeof ROTATION_GRACE_HOURS)[number];

export type RotatedKey = { id: string; key: string; display: string; name: string; graceEndsAt: Date | null };

// One statement: the new secret replaces the current one, which becomes the previous secret
// until the grace period ends (a previous secret still in its grace period ends at once: a key
// has at most two secrets). The api_keys trigger announces both hashes to every instance.
const ROTATE_SQL = `
  UPDATE api_keys k SET
    key_hash = $3, key_start = $4, key_end = $5,
    previous_key_hash = CASE WHEN $6::int > 0 THEN k.key_hash END,
    previous_key_expires_at = CASE WHEN $6::int > 0 THEN now() + $6::int * interval '1 hour' END
  FROM (SELECT key_hash, previous_key_hash FROM api_keys WHERE id = $1 AND user_id = $2 FOR UPDATE) old
  WHERE k.id = $1 AND k.user_id = $2 AND k.revoked_at IS NULL
  RETURNING k.name, k.previous_key_expires_at, old.key_hash AS old_hash, old.previous_key_hash AS older_hash`;

/**
 * Gives one of the account's unrevoked keys a new secret, keeping its id, limits and history;
 * the old secret keeps working for `graceHours` (0: stops at once). Null when there is no such key.
 */
export async function rotateKey(userId: string, keyId: string, graceHours: RotationGraceHours): Promise<RotatedKey | null> {
  const key = generateApiKey();
  const parts = keyDisplayParts(key);
  const { rows } = await getPool().query<{ name: string; previous_key_expires_at: Date | null; old_hash: string; older_hash: string | null }>({
    name: 'perch_keys_rotate',
    text: ROTATE_SQL,
    values: [keyId, userId, hashApiKey(key), parts.keyStart, parts.keyEnd, graceHours],
  });
  const row = rows[0];
  if (!row) return null;
  for (const hash of [row.old_hash, row.older_hash]) {
    if (!hash) continue;
    sharedKeyCache().drop(hash);
    await publishKeyInvalidation(hash);
  }
  return { id: keyId, key, display: formatKeyDisplay(parts), name: row.name, graceEndsAt: row.previous_key_expires_at };
}
