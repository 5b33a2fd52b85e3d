import { componentLogger } from '@/lib/observability/logger';
import { getPool } from '@/lib/db/pool';

const log = componentLogger('audit');

export type SignInOutcome =
  | { ok: true; method: string }
  | { ok: false; method: 'password'; reason: 'wrong_password' | 'wrong_code' };

/**
 * Records a person's sign-in, or a refused attempt at their account, in every workspace they
 * belong to (auth.sign_in / auth.sign_in_failed): each workspace's admins see who reached it,
 * from where. One statement, whatever the number of workspaces. An email without an account
 * has no person, hence no workspace: nothing is recorded for it.
 */
export async function recordSignIn(person: { id: string; email: string }, ip: string | null, outcome: SignInOutcome): Promise<void> {
  const details = outcome.ok ? { method: outcome.method } : { method: outcome.method, reason: outcome.reason };
  await getPool().query(
    `INSERT INTO audit_events (workspace_id, actor_kind, actor_id, actor_label, action, target_kind, target_id, target_label, ip, after)
     SELECT m.workspace_id, 'person', $1, $2, $3, 'person', $1, $2, $4, $5::jsonb
       FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
      WHERE m.user_id = $1 AND w.deleted_at IS NULL
      ORDER BY m.workspace_id`,
    [person.id, person.email, outcome.ok ? 'auth.sign_in' : 'auth.sign_in_failed', ip === 'unknown' ? null : ip, JSON.stringify(details)],
  );
}

/**
 * recordSignIn that never fails the sign-in it describes: an error is logged and dropped.
 * Failed attempts are recorded without being awaited, so the answer to a wrong password takes
 * as long whether or not the email has an account (which a timing would otherwise tell).
 */
export function recordSignInQuietly(person: { id: string; email: string }, ip: string | null, outcome: SignInOutcome): Promise<void> {
  const recorded = recordSignIn(person, ip, outcome).catch((error: unknown) => {
    log.error({ err: error }, `could not record a sign-in: ${(error as Error).message}`);
  });
  return outcome.ok ? recorded : Promise.resolve();
}
