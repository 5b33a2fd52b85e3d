import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, totpCode } from '@/lib/account/totp';
import { createAccount } from '@/lib/admin/create-account';
import { saveXConnection } from '@/lib/connections/x-connection';
import { checkLedger, grantCredits } from '@/lib/credits';
import { getPool } from '@/lib/db/pool';
import { issueKey } from '@/lib/keys/issue-key';
import type { Role } from '@/lib/workspaces/roles';
import { WORKSPACE_HEADER } from '@/lib/workspaces/workspace-path';
import { startServer, type RunningServer } from '../support/api-server';
import { browser, signInOverHttp, type Browser } from '../support/dashboard-http';

// Deleting a workspace, renaming it, and deleting a person who belongs to shared workspaces,
// over real HTTP against server.ts: who may, what is asked (name, password, 2FA code), what
// the preview says, and what is left afterwards (keys refused by /v2 at once, members 404,
// the ledger intact, the audit lines).

const PASSWORD = 'correct horse battery';
let server: RunningServer;
let counter = 0;
const unique = (label: string) => `${label}-${process.pid}-${Date.now()}-${counter++}`;

beforeAll(async () => {
  server = await startServer(process.env.DATABASE_URL!, { ADMIN_EMAILS: '' });
}, 10 * 60_000);

afterAll(async () => {
  await server?.stop();
});

type Person = { id: string; email: string; b: Browser };

async function person(label: string): Promise<Person> {
  const email = `${unique(label)}@workspace-deletion.test`;
  const { id } = await createAccount({ email, password: PASSWORD, credits: 0 });
  const b = browser(server.url);
  const signedIn = await signInOverHttp(b, email, PASSWORD);
  expect(signedIn.ok, signedIn.url).toBe(true);
  return { id, email, b };
}

/** A shared workspace with its members (the first is its creator), as the invitations flow would leave it. */
async function sharedWorkspace(name: string, members: Array<[Person, Role]>): Promise<{ id: string; slug: string }> {
  const id = `ws_${crypto.randomBytes(8).toString('hex')}`;
  const slug = unique('team').toLowerCase().replace(/[^a-z0-9-]/g, '-');
  await getPool().query(`INSERT INTO workspaces (id, slug, name, created_by) VALUES ($1, $2, $3, $4)`, [id, slug, name, members[0][0].id]);
  for (const [member, role] of members) await getPool().query(`INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)`, [id, member.id, role]);
  return { id, slug };
}

async function keyIn(workspaceId: string, creator: Person, name = 'k'): Promise<string> {
  const key = await issueKey({ userId: workspaceId, name, scopes: ['read'] });
  await getPool().query(`UPDATE api_keys SET created_by = $2 WHERE id = $1`, [key.id, creator.id]);
  return key.key;
}

const v2Status = async (key: string) => (await fetch(`${server.url}/v2/account`, { headers: { authorization: `Bearer ${key}` } })).status;

/** A dashboard API call, in workspace `slug` when given (the header the dashboard's own fetches send). */
async function send(b: Browser, method: string, path: string, body?: unknown, slug?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = slug ? { [WORKSPACE_HEADER]: slug } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await b.fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** Turns two-factor sign-in on over HTTP (the server seals the secret); returns a function giving a code not used yet. */
async function enableTwoFactor(p: Person): Promise<() => Promise<string>> {
  const enrolment = await send(p.b, 'POST', '/api/dashboard/account/two-factor/setup', {});
  expect(enrolment.status).toBe(200);
  const secret = base32Decode(String(enrolment.body.secret));
  expect((await send(p.b, 'POST', '/api/dashboard/account/two-factor/confirm', { code: totpCode(secret) })).status).toBe(200);
  return async () => {
    // The enrolment spent the current step: let it be used once more.
    await getPool().query('UPDATE users SET totp_last_step = NULL WHERE id = $1', [p.id]);
    return totpCode(secret);
  };
}

describe('workspace settings: rename', () => {
  it('admins rename (1–80 characters, slug kept, audited); developers may not', async () => {
    const owner = await person('owner');
    const admin = await person('admin');
    const developer = await person('dev');
    const ws = await sharedWorkspace('Acme', [
      [owner, 'owner'],
      [admin, 'admin'],
      [developer, 'developer'],
    ]);
    const path = '/api/dashboard/workspace';
    expect((await send(developer.b, 'PATCH', path, { name: 'Mine' }, ws.slug)).status).toBe(403);
    expect(await send(admin.b, 'PATCH', path, { name: '   ' }, ws.slug)).toEqual({ status: 400, body: { error: 'fix the highlighted fields', errors: { name: 'Give the workspace a name' } } });
    expect(await send(admin.b, 'PATCH', path, { name: 'x'.repeat(81) }, ws.slug)).toEqual({ status: 400, body: { error: 'fix the highlighted fields', errors: { name: 'Use at most 80 characters' } } });
    expect(await send(admin.b, 'PATCH', path, { name: '  Acme Labs ' }, ws.slug)).toEqual({ status: 200, body: { name: 'Acme Labs', slug: ws.slug } });
    // The same address still reaches it, under its new name.
    expect((await send(developer.b, 'GET', path, undefined, ws.slug)).body).toMatchObject({ workspace: { slug: ws.slug, name: 'Acme Labs' }, role: 'developer' });
    const { rows } = await getPool().query(`SELECT actor_id, action, before, after FROM audit_events WHERE workspace_id = $1 AND action = 'workspace.renamed'`, [ws.id]);
    expect(rows).toEqual([{ actor_id: admin.id, action: 'workspace.renamed', before: { name: 'Acme' }, after: { name: 'Acme Labs' } }]);
    // The settings page: admins see it without the danger zone, developers are refused.
    const page = await admin.b.fetch(`/w/${ws.slug}/dashboard/workspace`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Acme Labs');
    expect(html).not.toContain('Delete this workspace');
    expect((await developer.b.fetch(`/w/${ws.slug}/dashboard/workspace`)).status).toBe(403);
    expect(await (await owner.b.fetch(`/w/${ws.slug}/dashboard/workspace`)).text()).toContain('Delete this workspace');
  });
});

describe('workspace deletion', () => {
  it('previews, refuses all but the owner with the name, password and 2FA code, then takes everything out of use', async () => {
    const owner = await person('owner');
    const admin = await person('admin');
    const developer = await person('dev');
    const ws = await sharedWorkspace('Doomed Co', [
      [owner, 'owner'],
      [admin, 'admin'],
      [developer, 'developer'],
    ]);
    await grantCredits(ws.id, 7_000, 'top-up');
    const ownerKey = await keyIn(ws.id, owner);
    const developerKey = await keyIn(ws.id, developer);
    const { rows: keyRows } = await getPool().query<{ id: string }>(`SELECT id FROM api_keys WHERE user_id = $1 ORDER BY created_at LIMIT 1`, [ws.id]);
    await getPool().query(`INSERT INTO realtime_rules (user_id, key_id, tag, kind, query) VALUES ($1, $2, 'news', 'query', 'perch')`, [ws.id, keyRows[0].id]);
    await getPool().query(`INSERT INTO realtime_endpoints (user_id, url, secret) VALUES ($1, 'https://hooks.example.test/perch', 'whsec_test')`, [ws.id]);
    await saveXConnection(ws.id, { id: '4242', username: 'doomedco' }, { accessToken: 'access', refreshToken: 'refresh', expiresIn: 7200, scope: ['tweet.read'] });
    await getPool().query(`UPDATE users SET last_workspace_id = $2 WHERE id = ANY($1::text[])`, [[admin.id, developer.id], ws.id]);
    const ledgerBefore = await checkLedger(ws.id);
    expect(ledgerBefore).toMatchObject({ ok: true, balance: 7_000 });
    expect(await v2Status(ownerKey)).toBe(200);
    expect(await v2Status(developerKey)).toBe(200);

    const path = '/api/dashboard/workspace/delete';
    const preview = { id: ws.id, slug: ws.slug, name: 'Doomed Co', personal: false, balance: 7_000, keys: 2, rules: 1, endpoints: 1, connections: 1, members: 3 };
    expect(await send(owner.b, 'GET', path, undefined, ws.slug)).toEqual({ status: 200, body: { preview } });
    expect((await send(admin.b, 'GET', path, undefined, ws.slug)).status).toBe(403);
    expect((await send(admin.b, 'POST', path, { confirmName: 'Doomed Co', password: PASSWORD }, ws.slug)).status).toBe(403);
    expect((await send(developer.b, 'POST', path, { confirmName: 'Doomed Co', password: PASSWORD }, ws.slug)).status).toBe(403);

    const nextCode = await enableTwoFactor(owner);
    const refused = async (body: unknown) => send(owner.b, 'POST', path, body, ws.slug);
    expect(await refused({ confirmName: 'doomed co', password: PASSWORD, code: await nextCode() })).toMatchObject({ status: 400, body: { errors: { confirmName: expect.stringContaining('Doomed Co') } } });
    expect(await refused({ confirmName: 'Doomed Co', password: 'not the password', code: await nextCode() })).toMatchObject({ status: 400, body: { errors: { password: 'That is not your password' } } });
    expect(await refused({ confirmName: 'Doomed Co', password: PASSWORD })).toMatchObject({ status: 400, body: { errors: { code: expect.stringContaining('authenticator') } } });
    expect(await refused({ confirmName: 'Doomed Co', password: PASSWORD, code: '000000' })).toMatchObject({ status: 400, body: { errors: { code: expect.any(String) } } });
    // Nothing happened yet.
    expect(await v2Status(ownerKey)).toBe(200);

    const ownerSlug = (await getPool().query<{ slug: string }>(`SELECT slug FROM workspaces WHERE id = $1`, [owner.id])).rows[0].slug;
    // The answer says where to go next: a workspace the owner still has.
    expect(await send(owner.b, 'POST', path, { confirmName: 'Doomed Co', password: PASSWORD, code: await nextCode() }, ws.slug)).toEqual({
      status: 200,
      body: { deleted: preview, next: `/w/${ownerSlug}/dashboard` },
    });
    // Keys are refused at once (the same instance dropped them from its cache).
    expect(await v2Status(ownerKey)).toBe(401);
    expect(await v2Status(developerKey)).toBe(401);
    // Every member, the owner too, finds nothing there any more.
    for (const member of [owner, admin, developer]) {
      expect((await send(member.b, 'GET', '/api/dashboard/workspace', undefined, ws.slug)).status).toBe(404);
      expect((await member.b.fetch(`/w/${ws.slug}/dashboard/workspace`)).status).toBe(404);
    }
    expect((await send(owner.b, 'POST', path, { confirmName: 'Doomed Co', password: PASSWORD, code: await nextCode() }, ws.slug)).status).toBe(404);

    const { rows } = await getPool().query(
      `SELECT w.deleted_at IS NOT NULL AS deleted,
              (SELECT count(*)::int FROM api_keys WHERE user_id = w.id AND revoked_at IS NULL) AS live_keys,
              (SELECT count(*)::int FROM realtime_rules WHERE user_id = w.id AND status = 'active') AS active_rules,
              (SELECT count(*)::int FROM realtime_endpoints WHERE user_id = w.id AND active) AS active_endpoints,
              (SELECT count(*)::int FROM x_connections WHERE user_id = w.id) AS connections,
              (SELECT count(*)::int FROM users WHERE last_workspace_id = w.id) AS pointing_here,
              (SELECT count(*)::int FROM workspace_members WHERE workspace_id = w.id) AS members
         FROM workspaces w WHERE w.id = $1`,
      [ws.id],
    );
    expect(rows).toEqual([{ deleted: true, live_keys: 0, active_rules: 0, active_endpoints: 0, connections: 0, pointing_here: 0, members: 3 }]);
    // The balance is forfeited, not moved: the ledger still adds up to it.
    expect(await checkLedger(ws.id)).toEqual(ledgerBefore);
    const audit = await getPool().query(`SELECT actor_id, action, target_id, before FROM audit_events WHERE workspace_id = $1 AND action = 'workspace.deleted'`, [ws.id]);
    expect(audit.rows).toEqual([{ actor_id: owner.id, action: 'workspace.deleted', target_id: ws.id, before: preview }]);
    // Their own personal workspaces are untouched.
    expect((await send(admin.b, 'GET', '/api/dashboard/workspace')).body).toMatchObject({ workspace: { id: admin.id, personal: true } });
  });

  it('a personal workspace is not deleted on its own: it goes with the account', async () => {
    const owner = await person('solo');
    const { rows } = await getPool().query<{ slug: string }>(`SELECT slug FROM workspaces WHERE id = $1`, [owner.id]);
    const answer = await send(owner.b, 'POST', '/api/dashboard/workspace/delete', { confirmName: 'Personal', password: PASSWORD }, rows[0].slug);
    expect(answer).toMatchObject({ status: 409, body: { errors: { form: expect.stringContaining('Settings') } } });
    const still = await getPool().query(`SELECT deleted_at FROM workspaces WHERE id = $1`, [owner.id]);
    expect(still.rows).toEqual([{ deleted_at: null }]);
  });
});

describe('person deletion with shared workspaces', () => {
  it('is refused while they are the only owner of a shared workspace others remain in', async () => {
    const founder = await person('founder');
    const colleague = await person('colleague');
    const ws = await sharedWorkspace('Startup', [
      [founder, 'owner'],
      [colleague, 'developer'],
    ]);
    await grantCredits(founder.id, 1_234, 'top-up');
    await keyIn(founder.id, founder, 'personal key');
    const sharedKey = await keyIn(ws.id, founder, 'shared key');

    const preview = await send(founder.b, 'GET', '/api/dashboard/account/deletion-preview');
    expect(preview.status).toBe(200);
    expect(preview.body.preview).toMatchObject({
      personal: { id: founder.id, balance: 1_234, keys: 1, personal: true },
      blocking: [{ id: ws.id, slug: ws.slug, name: 'Startup', otherMembers: 1 }],
      alsoDeleted: [],
      leaving: [],
      keysCreatedInShared: 0,
    });
    const refused = await founder.b.json('/api/dashboard/account/delete', { password: PASSWORD });
    expect(refused).toMatchObject({ status: 409, body: { errors: { form: expect.stringContaining('Startup') } } });
    expect((await getPool().query(`SELECT deleted_at FROM users WHERE id = $1`, [founder.id])).rows).toEqual([{ deleted_at: null }]);

    // Someone else made owner: now the founder may go; the shared workspace and the key they made there stay.
    await getPool().query(`UPDATE workspace_members SET role = 'owner' WHERE workspace_id = $1 AND user_id = $2`, [ws.id, colleague.id]);
    const after = (await send(founder.b, 'GET', '/api/dashboard/account/deletion-preview')).body.preview as Record<string, unknown>;
    expect(after).toMatchObject({ blocking: [], leaving: [{ id: ws.id, role: 'owner', keysCreated: 1 }], keysCreatedInShared: 1 });
    expect((await founder.b.json('/api/dashboard/account/delete', { password: PASSWORD })).status).toBe(200);
    expect(await v2Status(sharedKey)).toBe(200);
    const { rows } = await getPool().query(
      `SELECT (SELECT deleted_at IS NOT NULL FROM workspaces WHERE id = $1) AS personal_deleted,
              (SELECT deleted_at IS NULL FROM workspaces WHERE id = $2) AS shared_live,
              (SELECT array_agg(user_id) FROM workspace_members WHERE workspace_id = $2) AS shared_members`,
      [founder.id, ws.id],
    );
    expect(rows).toEqual([{ personal_deleted: true, shared_live: true, shared_members: [colleague.id] }]);
    expect(await checkLedger(founder.id)).toMatchObject({ ok: true, balance: 1_234 });
  });

  it('revokes the keys they created in shared workspaces when asked, and deletes workspaces only they belong to', async () => {
    const leaver = await person('leaver');
    const stayer = await person('stayer');
    const team = await sharedWorkspace('Team', [
      [stayer, 'owner'],
      [leaver, 'admin'],
    ]);
    const alone = await sharedWorkspace('Side project', [[leaver, 'owner']]);
    await grantCredits(alone.id, 300, 'top-up');
    const theirs = await keyIn(team.id, leaver, 'theirs');
    const colleagues = await keyIn(team.id, stayer, 'colleagues');
    const sideKey = await keyIn(alone.id, leaver, 'side');

    const preview = (await send(leaver.b, 'GET', '/api/dashboard/account/deletion-preview')).body.preview as Record<string, unknown>;
    expect(preview).toMatchObject({
      blocking: [],
      alsoDeleted: [{ id: alone.id, name: 'Side project', balance: 300, keys: 1, members: 1 }],
      leaving: [{ id: team.id, role: 'admin', keysCreated: 1 }],
      keysCreatedInShared: 1,
    });
    expect((await leaver.b.json('/api/dashboard/account/delete', { password: PASSWORD, revokeSharedKeys: true })).status).toBe(200);
    expect(await v2Status(theirs)).toBe(401);
    expect(await v2Status(sideKey)).toBe(401);
    expect(await v2Status(colleagues)).toBe(200);
    const { rows } = await getPool().query(`SELECT id, deleted_at IS NOT NULL AS deleted FROM workspaces WHERE id = ANY($1::text[]) ORDER BY id`, [[team.id, alone.id]]);
    expect(Object.fromEntries(rows.map((r: { id: string; deleted: boolean }) => [r.id, r.deleted]))).toEqual({ [team.id]: false, [alone.id]: true });
    expect(await checkLedger(alone.id)).toMatchObject({ ok: true, balance: 300 });
  });
});
