import { componentLogger } from '@/lib/observability/logger';
import { getPool } from '@/lib/db/pool';

const log = componentLogger('audit');

/** Who made a change: a signed-in person, an API key, a site admin (CLI or /admin), or Perch itself. */
export type AuditActor = { kind: 'person' | 'key' | 'admin' | 'system'; id: string | null; label: string };

export type AuditEntry = {
  workspaceId: string;
  actor: AuditActor;
  /** `<thing>.<verb>`: key.created, member.role_changed, auth.sign_in_failed… */
  action: string;
  target?: { kind: string; id: string; label?: string | null };
  ip?: string | null;
  /** The state before and after, where a change has one (never secrets). */
  before?: unknown;
  after?: unknown;
};

/** Anything with pg's query(): the pool, or a client inside a transaction to audit atomically. */
export type AuditDb = { query(text: string, values?: unknown[]): Promise<unknown> };

/** Appends one line to the workspace's audit log (the table refuses updates and deletes). */
export async function recordAudit(entry: AuditEntry, db: AuditDb = getPool()): Promise<void> {
  await db.query(
    `INSERT INTO audit_events (workspace_id, actor_kind, actor_id, actor_label, action, target_kind, target_id, target_label, ip, before, after)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11::jsonb)`,
    [
      entry.workspaceId,
      entry.actor.kind,
      entry.actor.id,
      entry.actor.label,
      entry.action,
      entry.target?.kind ?? null,
      entry.target?.id ?? null,
      entry.target?.label ?? null,
      entry.ip ?? null,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
    ],
  );
}

/** The actor for a signed-in person's dashboard request. */
export function personActor(user: { id: string; email: string }): AuditActor {
  return { kind: 'person', id: user.id, label: user.email };
}

/**
 * recordAudit for a change that has already happened elsewhere: a failure to write the line is
 * logged, never thrown, so the change's own answer (a sign-in, a /v2 call that committed)
 * is not turned into an error the client would retry.
 */
export async function recordAuditQuietly(entry: AuditEntry | (() => Promise<AuditEntry>)): Promise<void> {
  try {
    await recordAudit(typeof entry === 'function' ? await entry() : entry);
  } catch (error) {
    log.error({ err: error }, `could not record an event: ${(error as Error).message}`);
  }
}
