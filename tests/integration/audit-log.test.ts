import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, totpCode } from '@/lib/account/totp';
import { confirmTotpEnrolment, startTotpEnrolment } from '@/lib/account/two-factor';
import { createAccount } from '@/lib/admin/create-account';
import { dispatch } from '@/lib/api/dispatch';
import { auditCsv } from '@/lib/audit/audit-csv';
import { decodeAuditCursor, listAuditEvents, type AuditEvent, type AuditFilters } from '@/lib/audit/list-audit-events';
import { recordAudit } from '@/lib/audit/record-audit';
import { authOptions } from '@/lib/auth/auth-options';
import { createSignInLimiter } from '@/lib/auth/sign-in-limiter';
import { verifyCredentials } from '@/lib/auth/verify-credentials';
import { grantCredits } from '@/lib/credits';
import { adminGrant } from '@/lib/dashboard/admin-grant';
import { getPool } from '@/lib/db/pool';
import { getPrisma } from '@/lib/db/prisma';
import { issueKey } from '@/lib/keys/issue-key';
import { waitFor } from '../support/account-fixtures';
import { apiRequest, readAnswer } from '../support/api-client';
import { startServer, type RunningServer } from '../support/api-server';
import { browser, signInOverHttp } from '../support/dashboard-http';

// The audit log of a workspace (issue 28): the table refuses to be rewritten, /v2 changes and
// sign-ins write their lines with the right actor, the page's filters and keyset pages select
// the right lines, the CSV holds them, and only members with audit.view read it.

const PASSWORD = 'audit password long enough';
const run = crypto.randomBytes(4).toString('hex');
let counter = 0;
const email = (label: string) => `${label}-${run}-${counter++}@audit.test`;

type Row = { action: string; actor_kind: string; actor_id: string | null; actor_label: string; target_kind: string | null; target_id: string | null; target_label: string | null; ip: string | null; before: unknown; after: unknown };

async function linesOf(workspaceId: string): Promise<Row[]> {
  const { rows } = await getPool().query<Row>(
    `SELECT action, actor_kind, actor_id, actor_label, target_kind, target_id, target_label, ip, before, after FROM audit_events WHERE workspace_id = $1 ORDER BY id`,
    [workspaceId],
  );
  return rows;
}

/** A team workspace made in SQL, with members in the given roles. */
async function teamWorkspace(members: Array<[string, string]>): Promise<{ id: string; slug: string }> {
  const suffix = crypto.randomBytes(4).toString('hex');
  const team = { id: `ws_audit_${suffix}`, slug: `audit-team-${suffix}` };
  const pool = getPool();
  await pool.query('INSERT INTO workspaces (id, slug, name, created_by) VALUES ($1, $2, $3, $4)', [team.id, team.slug, `Audit Team ${suffix}`, members[0][0]]);
  for (const [userId, role] of members) await pool.query('INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)', [team.id, userId, role]);
  return team;
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the statement was not refused');
}

describe('audit_events is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, through pg and through Prisma, and keeps the line', async () => {
    const { id: workspaceId } = await createAccount({ email: email('append'), password: PASSWORD, credits: 0 });
    await recordAudit({ workspaceId, actor: { kind: 'system', id: null, label: 'test' }, action: 'workspace.renamed', target: { kind: 'workspace', id: workspaceId, label: 'old' }, after: { name: 'new' } });
    const pool = getPool();
    const prisma = getPrisma();
    // Each attempt runs only when its turn comes, so no refusal goes unawaited.
    const attempts: Array<[string, () => Promise<unknown>]> = [
      ['UPDATE', () => pool.query(`UPDATE audit_events SET actor_label = 'forged' WHERE workspace_id = $1`, [workspaceId])],
      ['DELETE', () => pool.query('DELETE FROM audit_events WHERE workspace_id = $1', [workspaceId])],
      ['TRUNCATE', () => pool.query('TRUNCATE audit_events')],
      ['UPDATE', () => prisma.$executeRawUnsafe(`UPDATE audit_events SET action = 'key.created' WHERE workspace_id = $1`, workspaceId)],
      ['DELETE', () => prisma.$executeRawUnsafe('DELETE FROM audit_events WHERE workspace_id = $1', workspaceId)],
      ['TRUNCATE', () => prisma.$executeRawUnsafe('TRUNCATE audit_events')],
    ];
    for (const [operation, attempt] of attempts) expect(await refusal(attempt())).toContain(`audit_events is append-only: ${operation} refused`);
    expect(await linesOf(workspaceId)).toEqual([expect.objectContaining({ action: 'workspace.renamed', actor_label: 'test', after: { name: 'new' } })]);
  });
});

describe('/v2 changes', () => {
  let workspaceId: string;
  let key: string;
  let keyId: string;
  let keyStart: string;

  beforeAll(async () => {
    ({ id: workspaceId } = await createAccount({ email: email('v2'), password: PASSWORD, credits: 0 }));
    await grantCredits(workspaceId, 1_000, 'audit test');
    const issued = await issueKey({ userId: workspaceId, name: 'ci deploy', scopes: ['read', 'write'], rateLimit: 10_000 });
    key = issued.key;
    keyId = issued.id;
    keyStart = issued.display.split('…')[0];
  });

  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    readAnswer(await dispatch(apiRequest(method, path, { key, body, headers: { 'x-forwarded-for': '203.0.113.7', ...headers } })));

  it('a rule created, updated and deleted with a key writes three lines naming the key, its address and the rule before and after', async () => {
    const created = await call('POST', '/v2/rules', { tag: 'brand', query: 'perch' });
    expect(created.status).toBe(200);
    const ruleId = created.body.data.id as string;
    expect((await call('POST', `/v2/rules/${ruleId}`, { tag: 'brand v2', query: 'perch OR wren' })).status).toBe(200);
    expect((await call('DELETE', `/v2/rules/${ruleId}`)).status).toBe(200);

    const actor = { actor_kind: 'key', actor_id: keyId, actor_label: `ci deploy (${keyStart}…)`, ip: '203.0.113.7' };
    const state = (tag: string, query: string) => expect.objectContaining({ tag, query, type: 'query', status: 'active' });
    expect(await linesOf(workspaceId)).toEqual([
      expect.objectContaining({ ...actor, action: 'rule.created', target_kind: 'rule', target_id: ruleId, target_label: 'brand', before: null, after: state('brand', 'perch') }),
      expect.objectContaining({ ...actor, action: 'rule.updated', target_id: ruleId, target_label: 'brand v2', before: state('brand', 'perch'), after: state('brand v2', 'perch OR wren') }),
      expect.objectContaining({ ...actor, action: 'rule.deleted', target_id: ruleId, target_label: 'brand v2', before: state('brand v2', 'perch OR wren'), after: null }),
    ]);
  });

  it('a webhook endpoint created, its secret rotated and deleted: URL and state, never a secret', async () => {
    const before = (await linesOf(workspaceId)).length;
    const created = await call('POST', '/v2/webhooks', { url: 'https://hooks.example.com/perch', description: 'prod hook' });
    expect(created.status).toBe(200);
    const endpointId = created.body.data.id as string;
    const rotated = await call('POST', `/v2/webhooks/${endpointId}/rotate-secret`, {});
    expect(rotated.status).toBe(200);
    expect((await call('DELETE', `/v2/webhooks/${endpointId}`)).status).toBe(200);

    const lines = (await linesOf(workspaceId)).slice(before);
    const state = { url: 'https://hooks.example.com/perch', description: 'prod hook', active: true };
    expect(lines).toEqual([
      expect.objectContaining({ action: 'endpoint.created', actor_kind: 'key', actor_id: keyId, target_kind: 'endpoint', target_id: endpointId, target_label: state.url, after: state }),
      expect.objectContaining({ action: 'endpoint.updated', target_id: endpointId, before: state, after: { ...state, secret_rotated: true, previous_secret_expires_at: expect.any(String) } }),
      expect.objectContaining({ action: 'endpoint.deleted', target_id: endpointId, before: state, after: null }),
    ]);
    const written = JSON.stringify(lines);
    for (const secret of [created.body.data.secret, rotated.body.data.secret]) expect(written).not.toContain(secret);
  });

  it('a call through the dashboard’s session mount names the signed-in person, even when it runs as a key', async () => {
    const before = (await linesOf(workspaceId)).length;
    const person = { id: `person_${run}`, email: 'dana@audit.test' };
    const caller = { userId: workspaceId, keyId, scopes: ['read', 'write'], source: 'rules' as const, person };
    const created = await readAnswer(await dispatch(apiRequest('POST', '/v2/rules', { body: { tag: 'from the page', query: 'dashboard' } }), { caller }));
    expect(created.status).toBe(200);
    expect((await linesOf(workspaceId)).slice(before)).toEqual([
      expect.objectContaining({ action: 'rule.created', actor_kind: 'person', actor_id: person.id, actor_label: person.email, target_label: 'from the page', ip: null }),
    ]);
  });

  it('a refused change writes nothing', async () => {
    const before = (await linesOf(workspaceId)).length;
    expect((await call('DELETE', '/v2/rules/999999999')).status).toBe(404);
    expect((await call('POST', '/v2/rules', { tag: 'bad' })).status).toBe(400);
    expect(await linesOf(workspaceId)).toHaveLength(before);
  });
});

describe('admin credit grants', () => {
  it('record grant.added and grant.corrected in the account’s workspace, by the admin', async () => {
    const address = email('granted');
    const { id } = await createAccount({ email: address, password: PASSWORD, credits: 0 });
    const admin = { id: `admin_${run}`, email: 'root@audit.test', ip: '198.51.100.4' };
    expect(await adminGrant({ email: address, amount: '500', reason: 'pilot' }, admin)).toMatchObject({ ok: true, balance: 500 });
    expect(await adminGrant({ email: address, amount: '-200', reason: 'typo' }, admin)).toMatchObject({ ok: true, balance: 300 });
    const by = { actor_kind: 'admin', actor_id: admin.id, actor_label: admin.email, ip: admin.ip, target_kind: 'workspace', target_id: id, target_label: address };
    expect(await linesOf(id)).toEqual([
      expect.objectContaining({ ...by, action: 'grant.added', after: { amount: 500, reason: 'pilot', balance: 500 } }),
      expect.objectContaining({ ...by, action: 'grant.corrected', after: { amount: -200, reason: 'typo', balance: 300 } }),
    ]);
  });
});

describe('filters, keyset pages and CSV', () => {
  let workspaceId: string;
  const base = Date.parse('2026-03-01T12:00:00.000Z');
  const HOUR = 3_600_000;
  // 13 lines an hour apart, some sharing a time (the id breaks the tie), in a workspace of their own.
  const fixtures = Array.from({ length: 13 }, (_, i) => ({
    at: new Date(base + Math.floor(i / 2) * HOUR).toISOString(),
    action: ['rule.created', 'rule.deleted', 'key.created', 'auth.sign_in'][i % 4],
    actorKind: i % 3 === 0 ? 'key' : 'person',
    actorId: i % 3 === 0 ? `key_${i % 2}` : `user_${i % 2}`,
    actorLabel: i % 3 === 0 ? `deploy key ${i % 2} (perch_ab12…)` : `member${i % 2}@Example.test`,
    targetKind: i % 4 === 3 ? 'person' : i % 4 === 2 ? 'key' : 'rule',
    targetLabel: i === 5 ? 'tag with 100%_odd chars' : `target ${i}`,
  }));

  beforeAll(async () => {
    ({ id: workspaceId } = await createAccount({ email: email('filters'), password: PASSWORD, credits: 0 }));
    for (const [i, f] of fixtures.entries()) {
      await getPool().query(
        `INSERT INTO audit_events (workspace_id, at, actor_kind, actor_id, actor_label, action, target_kind, target_id, target_label, ip, before, after)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, '192.0.2.1', $10::jsonb, $11::jsonb)`,
        [workspaceId, f.at, f.actorKind, f.actorId, f.actorLabel, f.action, f.targetKind, `t${i}`, f.targetLabel, JSON.stringify({ n: i }), JSON.stringify({ n: i + 1, note: 'a "quoted", line' })],
      );
    }
  });

  /** The fixtures' indexes newest first (time, then insertion order), as the log orders them. */
  const expected = (keep: (f: (typeof fixtures)[number], i: number) => boolean) =>
    fixtures
      .map((f, i) => ({ f, i }))
      .filter(({ f, i }) => keep(f, i))
      .sort((a, b) => b.f.at.localeCompare(a.f.at) || b.i - a.i)
      .map(({ i }) => `t${i}`);

  async function walk(filters: AuditFilters, limit: number): Promise<{ ids: string[]; pages: number }> {
    const ids: string[] = [];
    let pages = 0;
    let cursor: string | null = null;
    do {
      const page = await listAuditEvents(workspaceId, { ...filters, limit, before: cursor ? decodeAuditCursor(cursor) : undefined });
      ids.push(...page.events.map((e: AuditEvent) => e.targetId!));
      cursor = page.next;
      pages += 1;
    } while (cursor);
    return { ids, pages };
  }

  it('keyset pages walk every line once, newest first, whatever the page size', async () => {
    for (const limit of [1, 2, 5, 13, 50]) {
      const { ids, pages } = await walk({}, limit);
      expect(ids).toEqual(expected(() => true));
      expect(pages).toBe(Math.max(1, Math.ceil(13 / limit)));
    }
  });

  it('filters by exact action, action kind, actor label or id, target kind, time range and text', async () => {
    const ids = async (filters: AuditFilters) => (await walk(filters, 4)).ids;
    expect(await ids({ action: 'rule.created' })).toEqual(expected((f) => f.action === 'rule.created'));
    expect(await ids({ action: 'rule.' })).toEqual(expected((f) => f.action.startsWith('rule.')));
    expect(await ids({ actor: 'MEMBER1@example' })).toEqual(expected((f) => f.actorLabel === 'member1@Example.test'));
    expect(await ids({ actor: 'key_0' })).toEqual(expected((f) => f.actorId === 'key_0'));
    expect(await ids({ targetKind: 'key' })).toEqual(expected((f) => f.targetKind === 'key'));
    const from = new Date(base + 2 * HOUR);
    const to = new Date(base + 4 * HOUR);
    expect(await ids({ from, to })).toEqual(expected((f) => Date.parse(f.at) >= from.getTime() && Date.parse(f.at) < to.getTime()));
    // % and _ are taken literally, not as wildcards.
    expect(await ids({ text: '100%_odd' })).toEqual(['t5']);
    expect(await ids({ text: 'target_1' })).toEqual([]);
    expect(await ids({ text: 'target 1' })).toEqual(expected((f) => f.targetLabel.startsWith('target 1')));
    expect(await ids({ action: 'auth.', actor: 'member' })).toEqual(expected((f) => f.action === 'auth.sign_in' && f.actorKind === 'person'));
  });

  it('the CSV holds a header and every line the filters select, newest first', async () => {
    const text = await new Response(auditCsv(workspaceId, { action: 'rule.' })).text();
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('time,actor_kind,actor,action,target_kind,target_id,target_label,ip,before,after');
    const ruleLines = expected((f) => f.action.startsWith('rule.'));
    expect(lines).toHaveLength(1 + ruleLines.length);
    const i = Number(ruleLines[0].slice(1));
    const f = fixtures[i];
    expect(lines[1]).toBe(
      [f.at, f.actorKind, f.actorLabel, f.action, f.targetKind, `t${i}`, f.targetLabel, '192.0.2.1', `"{""n"":${i}}"`, `"{""n"":${i + 1},""note"":""a \\""quoted\\"", line""}"`].join(','),
    );
  });
});

describe('second-factor sign-ins', () => {
  // In-process: the server of the HTTP cases below seals TOTP secrets with a key of its own.
  it('a wrong code is a failed sign-in, the right one a sign-in, each in every workspace of the person', async () => {
    const address = email('totp');
    const { id } = await createAccount({ email: address, password: PASSWORD, credits: 0 });
    const other = await createAccount({ email: email('totp-owner'), password: PASSWORD, credits: 0 });
    const team = await teamWorkspace([
      [other.id, 'owner'],
      [id, 'developer'],
    ]);
    const secret = base32Decode((await startTotpEnrolment(id))!.secret);
    await confirmTotpEnrolment(id, totpCode(secret));
    // Later codes may fall in the enrolment's time step: forget it, as if a minute had passed.
    await getPool().query('UPDATE users SET totp_last_step = NULL WHERE id = $1', [id]);
    const valid = new Set([-30_000, 0, 30_000].map((offset) => totpCode(secret, Date.now() + offset)));
    const wrong = ['000000', '111111', '222222'].find((code) => !valid.has(code))!;
    const limiter = createSignInLimiter({ store: { kind: 'memory' }, keyPrefix: `audit-${run}:` });
    await expect(verifyCredentials({ email: address, password: PASSWORD, code: wrong }, '192.0.2.50', limiter)).rejects.toThrow('That code is not right');
    await expect(verifyCredentials({ email: address, password: PASSWORD, code: totpCode(secret) }, '192.0.2.50', limiter)).resolves.toMatchObject({ id });
    for (const workspaceId of [id, team.id]) {
      await waitFor(async () => (await linesOf(workspaceId)).length === 2);
      expect(await linesOf(workspaceId)).toEqual([
        expect.objectContaining({ action: 'auth.sign_in_failed', actor_id: id, ip: '192.0.2.50', after: { method: 'password', reason: 'wrong_code' } }),
        expect.objectContaining({ action: 'auth.sign_in', actor_id: id, ip: '192.0.2.50', after: { method: 'password_and_code' } }),
      ]);
    }
    expect(await linesOf(other.id)).toEqual([]);
  });
});

describe('OAuth sign-ins', () => {
  it('next-auth’s signIn event records an OAuth sign-in in every workspace of the person, and no password sign-in twice', async () => {
    const { id, email: address } = await createAccount({ email: email('oauth'), password: PASSWORD, credits: 0 });
    const other = await createAccount({ email: email('oauth-owner'), password: PASSWORD, credits: 0 });
    const team = await teamWorkspace([
      [other.id, 'owner'],
      [id, 'viewer'],
    ]);
    const signIn = authOptions().events!.signIn!;
    const user = { id, email: address, name: null };
    await signIn({ user, account: { provider: 'github', type: 'oauth', providerAccountId: '42' }, profile: undefined, isNewUser: false });
    // Password sign-ins are recorded where the password is checked, with the address: not here.
    await signIn({ user, account: { provider: 'credentials', type: 'credentials', providerAccountId: id }, profile: undefined, isNewUser: false });
    for (const workspaceId of [id, team.id]) {
      expect(await linesOf(workspaceId)).toEqual([expect.objectContaining({ action: 'auth.sign_in', actor_kind: 'person', actor_id: id, actor_label: address, after: { method: 'github' } })]);
    }
  });
});

describe('sign-ins and access over HTTP', () => {
  let server: RunningServer;
  let person: { id: string; email: string };
  let team: { id: string; slug: string };
  let viewer: { id: string; email: string };
  let outsider: { id: string; email: string };

  beforeAll(async () => {
    person = await createAccount({ email: email('member'), password: PASSWORD, credits: 0 });
    viewer = await createAccount({ email: email('viewer'), password: PASSWORD, credits: 0 });
    outsider = await createAccount({ email: email('outsider'), password: PASSWORD, credits: 0 });
    team = await teamWorkspace([
      [person.id, 'admin'],
      [viewer.id, 'viewer'],
    ]);
    // Trusting the proxy lets each test speak from an address of its own.
    server = await startServer(process.env.DATABASE_URL!, { ADMIN_EMAILS: '', PERCH_TRUST_PROXY: '1' });
  }, 10 * 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  const signInLines = async (workspaceId: string) => (await linesOf(workspaceId)).filter((l) => l.action.startsWith('auth.'));

  it('a failed and a good sign-in are recorded in each of the person’s workspaces, with the address', async () => {
    const b = browser(server.url, new Map(), { 'x-forwarded-for': '198.51.100.23' });
    expect((await signInOverHttp(b, person.email, 'not the password')).ok).toBe(false);
    expect((await signInOverHttp(b, person.email, PASSWORD)).ok).toBe(true);
    const by = { actor_kind: 'person', actor_id: person.id, actor_label: person.email, target_kind: 'person', target_id: person.id, ip: '198.51.100.23' };
    for (const workspaceId of [person.id, team.id]) {
      // The failure is recorded without being awaited (so its answer's timing tells nothing).
      await waitFor(async () => (await signInLines(workspaceId)).length === 2);
      expect(await signInLines(workspaceId)).toEqual([
        expect.objectContaining({ ...by, action: 'auth.sign_in_failed', after: { method: 'password', reason: 'wrong_password' } }),
        expect.objectContaining({ ...by, action: 'auth.sign_in', after: { method: 'password' } }),
      ]);
    }
    // The viewer's own workspace heard nothing of it.
    expect(await signInLines(viewer.id)).toEqual([]);
  });

  it('an unknown email is recorded nowhere', async () => {
    const ghost = email('ghost');
    const before = (await getPool().query<{ n: number }>('SELECT count(*)::int AS n FROM audit_events')).rows[0].n;
    expect((await signInOverHttp(browser(server.url), ghost, PASSWORD)).ok).toBe(false);
    // A line for it would be written as soon as one for a known person: a later sign-in's line
    // (awaited) proves the wait was long enough.
    expect((await signInOverHttp(browser(server.url), outsider.email, PASSWORD)).ok).toBe(true);
    await waitFor(async () => (await signInLines(outsider.id)).length > 0);
    const { rows } = await getPool().query<{ n: number }>('SELECT count(*)::int AS n FROM audit_events WHERE actor_label = $1', [ghost]);
    expect(rows[0].n).toBe(0);
    expect((await getPool().query<{ n: number }>('SELECT count(*)::int AS n FROM audit_events')).rows[0].n).toBe(before + 1);
  });

  it('a rule made on the dashboard (the session mount, as one of the workspace’s keys) names the signed-in person', async () => {
    const issued = await issueKey({ userId: team.id, createdBy: person.id, name: 'rules page key', scopes: ['read'] });
    // The dashboard's fetches name the tab's workspace in x-perch-workspace.
    const b = browser(server.url, new Map(), { 'x-forwarded-for': '198.51.100.31', 'x-perch-workspace': team.slug });
    expect((await signInOverHttp(b, person.email, PASSWORD)).ok).toBe(true);
    const answer = await b.fetch('/api/dashboard/v2/rules', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-perch-dashboard': '1', 'x-perch-key-id': issued.id, 'x-perch-source': 'rules' },
      body: JSON.stringify({ tag: 'made on the page', query: 'wren' }),
    });
    expect(answer.status).toBe(200);
    const rule = ((await answer.json()) as { data: { id: string } }).data;
    expect((await linesOf(team.id)).filter((l) => l.action.startsWith('rule.'))).toEqual([
      expect.objectContaining({ action: 'rule.created', actor_kind: 'person', actor_id: person.id, actor_label: person.email, target_id: rule.id, target_label: 'made on the page', ip: '198.51.100.31' }),
    ]);
  });

  it('an admin reads the log and its CSV; a viewer gets 403 and a non-member 404', async () => {
    // As the page's fetches name the workspace (a header) and its CSV link does (?workspace=).
    const inTeam = { 'x-perch-workspace': team.slug };
    const admin = browser(server.url, new Map(), inTeam);
    expect((await signInOverHttp(admin, person.email, PASSWORD)).ok).toBe(true);
    const page = await admin.json('/api/dashboard/audit?action=auth.&limit=2');
    expect(page.status).toBe(200);
    const events = page.body.events as AuditEvent[];
    expect(events).toHaveLength(2);
    expect(events.every((e) => e.action.startsWith('auth.') && e.actorId === person.id)).toBe(true);
    expect(page.body.next).toEqual(expect.any(String));

    const csv = await browser(server.url, admin.cookies).fetch(`/api/dashboard/audit/export?workspace=${team.slug}&action=auth.sign_in`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).split('\r\n').filter(Boolean);
    const signIns = (await linesOf(team.id)).filter((l) => l.action === 'auth.sign_in');
    expect(lines).toHaveLength(1 + signIns.length);
    expect(lines.slice(1).every((line) => line.includes(`,person,${person.email},auth.sign_in,`))).toBe(true);

    expect((await admin.json('/api/dashboard/audit?action=nonsense')).status).toBe(400);

    const asViewer = browser(server.url, new Map(), inTeam);
    expect((await signInOverHttp(asViewer, viewer.email, PASSWORD)).ok).toBe(true);
    expect((await asViewer.json('/api/dashboard/audit')).status).toBe(403);
    expect((await asViewer.fetch('/api/dashboard/audit/export')).status).toBe(403);
    expect((await browser(server.url, asViewer.cookies).fetch(`/api/dashboard/audit/export?workspace=${team.slug}`)).status).toBe(403);

    const asOutsider = browser(server.url, new Map(), inTeam);
    expect((await signInOverHttp(asOutsider, outsider.email, PASSWORD)).ok).toBe(true);
    expect((await asOutsider.json('/api/dashboard/audit')).status).toBe(404);
    expect((await asOutsider.fetch('/api/dashboard/audit/export')).status).toBe(404);
    // In their own workspace the same route answers: the 404 is about the team's log only.
    expect((await browser(server.url, asOutsider.cookies).json('/api/dashboard/audit')).status).toBe(200);
  });
});
