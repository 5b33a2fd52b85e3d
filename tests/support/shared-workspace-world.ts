import crypto from 'node:crypto';
import { createAccount } from '@/lib/admin/create-account';
import { grantCredits } from '@/lib/credits';
import { formatNumber } from '@/lib/dashboard/format';
import { getPool } from '@/lib/db/pool';
import { createEndpoint } from '@/lib/delivery/endpoint-store';
import { issueKey } from '@/lib/keys/issue-key';
import { ROLES, type Role } from '@/lib/workspaces/roles';
import { browser, signInOverHttp, type Browser } from './dashboard-http';
import { recordCall } from './usage-fixtures';

// One team workspace with something of every kind in it (balance, grant, keys by two members,
// a rule, an endpoint, usage) and one person per role, plus people who belong to nothing but
// their own personal workspace: the outsider, and a site administrator. Each is signed in over
// HTTP with a cookie jar of their own. The texts of the workspace's data are "sentinels": a
// refused request must not answer any of them.

export const PASSWORD = 'matrix password long enough';

/** A signed-in person: a role in the shared workspace, or someone from outside it. */
export type Actor = Role | 'outsider' | 'site-admin';
export const ACTORS: readonly Actor[] = [...ROLES, 'outsider', 'site-admin'];

/** Not a member of the shared workspace at all. */
export function isOutside(actor: Actor): actor is 'outsider' | 'site-admin' {
  return actor === 'outsider' || actor === 'site-admin';
}

export type Person = { id: string; email: string; personalSlug: string; b: Browser };

export type World = {
  url: string;
  workspace: { id: string; slug: string; name: string };
  people: Record<Actor, Person>;
  /** Fixtures that survive every case: never revoked, renamed or deleted by one. */
  ids: { ownerKey: string; developerKey: string; rule: string; endpoint: string; request: string };
  /** The workspace's data as a page or response would show it (balance read afresh). */
  sentinels(): Promise<string[]>;
  /** A key of the shared workspace issued by `createdBy`, for a case that may revoke or rotate it. */
  freshKey(createdBy: string): Promise<string>;
  freshRule(): Promise<string>;
  freshEndpoint(): Promise<string>;
  /** A viewer of the shared workspace made for a case that may remove them; their id. */
  freshMember(): Promise<string>;
  /** An open invitation to the shared workspace, for a case that may revoke or resend it; its id. */
  freshInvitation(): Promise<string>;
  /** Makes the shared workspace the one `actor` last opened (for a non-member: changes nothing they can use). */
  openShared(actor: Actor): Promise<void>;
  /** Makes `actor` a member again with their role, after a case that let them leave. */
  restoreMembership(actor: Actor): Promise<void>;
};

const run = crypto.randomBytes(4).toString('hex');

export function emailOf(actor: Actor): string {
  return `matrix-${actor}-${run}@roles.test`;
}

/** Accounts for every actor, the shared workspace and its data; call before the server signs anyone in. */
export async function seedWorld(): Promise<Omit<World, 'url' | 'people'> & { people: Record<Actor, Omit<Person, 'b'>> }> {
  const pool = getPool();
  const people = {} as Record<Actor, Omit<Person, 'b'>>;
  for (const actor of ACTORS) {
    const { id, email } = await createAccount({ email: emailOf(actor), password: PASSWORD, credits: 0 });
    const { rows } = await pool.query<{ slug: string }>('SELECT slug FROM workspaces WHERE id = $1 AND personal', [id]);
    people[actor] = { id, email, personalSlug: rows[0].slug };
  }
  const workspace = { id: `ws_matrix_${run}`, slug: `matrix-team-${run}`, name: `Matrix Team ${run}` };
  await pool.query('INSERT INTO workspaces (id, slug, name, created_by) VALUES ($1, $2, $3, $4)', [workspace.id, workspace.slug, workspace.name, people.owner.id]);
  for (const role of ROLES) {
    await pool.query('INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)', [workspace.id, people[role].id, role]);
  }
  await pool.query('INSERT INTO credit_balances (user_id, balance) VALUES ($1, 0)', [workspace.id]);
  const grantReason = `matrix grant ${run}`;
  await grantCredits(workspace.id, 3_141_593, grantReason);

  const ownerKeyName = `matrix-owner-key-${run}`;
  const developerKeyName = `matrix-developer-key-${run}`;
  const ownerKey = (await issueKey({ userId: workspace.id, createdBy: people.owner.id, name: ownerKeyName, scopes: ['read', 'write'] })).id;
  const developerKey = (await issueKey({ userId: workspace.id, createdBy: people.developer.id, name: developerKeyName, scopes: ['read'] })).id;
  const ruleQuery = `matrixquery${run}`;
  const ruleTag = `matrix-rule-tag-${run}`;
  const insertRule = async (tag: string, query: string) =>
    (
      await pool.query<{ id: string }>(
        `INSERT INTO realtime_rules (user_id, key_id, tag, kind, query, text_query, status, paused_reason)
         VALUES ($1, $2, $3, 'query', $4, $5, 'paused', 'paused_by_user') RETURNING id::text`,
        [workspace.id, ownerKey, tag, query, `'${query}'`],
      )
    ).rows[0].id;
  const rule = await insertRule(ruleTag, ruleQuery);
  const endpointUrl = `http://127.0.0.1:9/matrix-hook-${run}`;
  const endpointDescription = `matrix endpoint ${run}`;
  const endpoint = (await createEndpoint(workspace.id, endpointUrl, endpointDescription))!.id;
  await recordCall(workspace.id, ownerKey, { operation: 'getUser', tag: 'users', credits: 5 });
  await recordCall(workspace.id, developerKey, { operation: 'searchTweets', tag: 'search', credits: 7 });
  const request = (await pool.query<{ request_id: string }>('SELECT request_id FROM usage_events WHERE user_id = $1 ORDER BY id LIMIT 1', [workspace.id])).rows[0].request_id;

  const fixed = [ownerKeyName, developerKeyName, ruleQuery, ruleTag, endpointUrl, endpointDescription, grantReason];
  let fresh = 0;
  return {
    workspace,
    people,
    ids: { ownerKey, developerKey, rule, endpoint, request },
    async sentinels() {
      const { rows } = await pool.query<{ balance: string }>('SELECT balance::text FROM credit_balances WHERE user_id = $1', [workspace.id]);
      return [...fixed, formatNumber(Number(rows[0].balance))];
    },
    async freshKey(createdBy) {
      fresh += 1;
      return (await issueKey({ userId: workspace.id, createdBy, name: `matrix-spare-key-${fresh}`, scopes: ['read'] })).id;
    },
    async freshRule() {
      fresh += 1;
      return insertRule(`matrix-spare-rule-${fresh}`, `spare${fresh}`);
    },
    async freshEndpoint() {
      fresh += 1;
      const endpoint = await createEndpoint(workspace.id, `http://127.0.0.1:9/spare-${fresh}`, 'spare');
      if (!endpoint) throw new Error('the shared workspace has the most endpoints allowed: refused deletes left too many behind');
      return endpoint.id;
    },
    async freshMember() {
      fresh += 1;
      const id = `matrix_spare_${run}_${fresh}`;
      await pool.query('INSERT INTO users (id, email, updated_at) VALUES ($1, $2, now())', [id, `spare-${fresh}-${run}@roles.test`]);
      await pool.query(`INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'viewer')`, [workspace.id, id]);
      return id;
    },
    async freshInvitation() {
      fresh += 1;
      const id = `inv_${crypto.randomBytes(12).toString('hex')}`;
      await pool.query(
        `INSERT INTO workspace_invitations (id, workspace_id, email, role, token_hash, invited_by, expires_at, last_sent_at)
         VALUES ($1, $2, $3, 'viewer', $4, $5, now() + interval '7 days', now() - interval '1 day')`,
        [id, workspace.id, `invited-${fresh}-${run}@roles.test`, crypto.randomBytes(32).toString('hex'), people.owner.id],
      );
      return id;
    },
    async openShared(actor) {
      await pool.query('UPDATE users SET last_workspace_id = $2 WHERE id = $1', [people[actor].id, workspace.id]);
    },
    async restoreMembership(actor) {
      if (!(ROLES as readonly string[]).includes(actor)) return;
      await pool.query('INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [workspace.id, people[actor].id, actor]);
    },
  };
}

/** Signs every actor in over HTTP, each with a cookie jar of their own. */
export async function signInEveryone(url: string, people: Record<Actor, Omit<Person, 'b'>>): Promise<Record<Actor, Person>> {
  const signedIn = {} as Record<Actor, Person>;
  for (const actor of ACTORS) {
    const b = browser(url);
    const answer = await signInOverHttp(b, people[actor].email, PASSWORD);
    if (!answer.ok) throw new Error(`${actor} could not sign in: ${answer.url}`);
    signedIn[actor] = { ...people[actor], b };
  }
  return signedIn;
}

/** Emails of the shared workspace's members other than `actor`'s own: theirs is no secret to them. */
export function otherMembersEmails(actor: Actor): string[] {
  return ROLES.filter((role) => role !== actor).map(emailOf);
}
