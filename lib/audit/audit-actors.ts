import { getPool } from '@/lib/db/pool';
import { personActor, type AuditActor } from './record-audit';

/** A key as people read it in the log: `<name> (perch_ab12…)`, as it was named at the time. */
export async function keyActor(keyId: string): Promise<AuditActor> {
  const { rows } = await getPool().query<{ name: string; key_start: string }>('SELECT name, key_start FROM api_keys WHERE id = $1', [keyId]);
  const key = rows[0];
  return { kind: 'key', id: keyId, label: key ? `${key.name} (${key.key_start}…)` : keyId };
}

/** What the log needs of a /v2 caller: its key, or the signed-in person of a dashboard call. */
export type AuditCaller = { keyId: string | null; person?: { id: string; email: string } };

/**
 * Who made a /v2 change: the signed-in person when it came through the dashboard (even when
 * the call ran as one of the workspace's keys, the person chose to make it), else the key.
 */
export async function callerActor(caller: AuditCaller): Promise<AuditActor> {
  if (caller.person) return personActor(caller.person);
  if (caller.keyId) return keyActor(caller.keyId);
  return { kind: 'system', id: null, label: 'a call without key or person' };
}

/** A site admin acting from /admin or the operator CLI. */
export function adminActor(admin: { id: string | null; label: string }): AuditActor {
  return { kind: 'admin', id: admin.id, label: admin.label };
}
