import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@/lib/admin/create-account';
import { checkLedger, getBalance } from '@/lib/credits';
import { getPool } from '@/lib/db/pool';
import { admin, expectFailure, expectOk } from '../support/admin-cli';
import { callApi } from '../support/api-client';
import { expectError, expectSuccess } from '../support/api-records';

// The admin CLI on a team workspace: every command that acts on an account takes
// --workspace <slug|id> beside --email (which still means that person's personal workspace).

const run = crypto.randomBytes(4).toString('hex');
const team = { id: `ws_cli_${run}`, slug: `cli-team-${run}`, name: `CLI Team ${run}` };
const gone = { id: `ws_cli_gone_${run}`, slug: `cli-gone-${run}`, name: `Gone ${run}` };
const ownerEmail = `cli-ws-owner-${run}@example.test`;
const developerEmail = `cli-ws-dev-${run}@example.test`;
let owner: string;
let developer: string;
let key: string;

beforeAll(async () => {
  owner = (await createAccount({ email: ownerEmail, password: 'correct horse battery', credits: 40 })).id;
  developer = (await createAccount({ email: developerEmail, password: 'correct horse battery', credits: 0 })).id;
  const pool = getPool();
  for (const w of [team, gone]) await pool.query('INSERT INTO workspaces (id, slug, name, created_by) VALUES ($1, $2, $3, $4)', [w.id, w.slug, w.name, owner]);
  await pool.query(`INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'owner'), ($1, $3, 'developer'), ($4, $2, 'owner')`, [team.id, owner, developer, gone.id]);
  await pool.query('INSERT INTO credit_balances (user_id, balance) VALUES ($1, 0)', [team.id]);
  await pool.query('UPDATE workspaces SET deleted_at = now() WHERE id = $1', [gone.id]);
});

afterAll(async () => {
  for (const id of [team.id, owner, developer]) expect((await checkLedger(id)).ok, id).toBe(true);
});

describe('admin CLI --workspace', () => {
  it('grants to and reads the balance of a team workspace by slug or id, leaving its members’ own alone', async () => {
    expect(expectOk(await admin('grant-credits', '--workspace', team.slug, '--credits', '700', '--reason', 'team top-up'))).toBe('700');
    expect(expectOk(await admin('balance', '--workspace', team.id))).toBe('700');
    expect(expectOk(await admin('balance', '--workspace', team.slug.toUpperCase()))).toBe('700');
    expect(expectOk(await admin('balance', '--email', ownerEmail))).toBe('40');
    expect(await getBalance(team.id)).toBe(700);
    const { rows } = await getPool().query<{ amount: string }>('SELECT amount FROM credit_grants WHERE user_id = $1 AND reason = $2', [team.id, 'team top-up']);
    expect(rows.map((row) => Number(row.amount))).toEqual([700]);
  });

  it('issues a key in the team workspace that /v2/account shows there, and lists it with keys', async () => {
    key = expectOk(await admin('create-key', '--workspace', team.slug, '--name', 'team cli key', '--scopes', 'read,write'));
    expect(key).toMatch(/^perch_[0-9A-Za-z]{32}$/);
    const account = await callApi('GET', '/v2/account', { key });
    expectSuccess(account);
    expect(account.body.data).toMatchObject({ workspace: { ...team, personal: false }, balance: 700, key: { name: 'team cli key', scopes: ['read', 'write'] } });
    const listed = JSON.parse(expectOk(await admin('keys', '--workspace', team.slug))) as Array<{ id: string; name: string; prefix: string; revoked_at: string | null }>;
    expect(listed).toEqual([expect.objectContaining({ id: account.body.data.key.id, name: 'team cli key', prefix: account.body.data.key.prefix, revoked_at: null })]);
    expect(JSON.parse(expectOk(await admin('keys', '--email', developerEmail)))).toEqual([]);
  });

  it('connects a platform user to the team workspace', async () => {
    const { rows } = await getPool().query<{ username: string }>('SELECT username FROM platform.users ORDER BY id LIMIT 1');
    expect(expectOk(await admin('connect-account', '--workspace', team.slug, '--platform-username', rows[0].username))).toBe(rows[0].username);
    expect((await callApi('GET', '/v2/account', { key })).body.data.connected_account).toEqual({ username: rows[0].username });
  });

  it('lists the members, owners first, and every live workspace with its members and balance', async () => {
    expect(JSON.parse(expectOk(await admin('members', '--workspace', team.slug)))).toEqual([
      { email: ownerEmail, role: 'owner', since: expect.any(String) },
      { email: developerEmail, role: 'developer', since: expect.any(String) },
    ]);
    expect(JSON.parse(expectOk(await admin('members', '--email', developerEmail)))).toEqual([{ email: developerEmail, role: 'owner', since: expect.any(String) }]);
    type Listed = { id: string; slug: string; name: string; personal: boolean; members: number; balance: number; deleted_at: string | null };
    const live = JSON.parse(expectOk(await admin('workspaces'))) as Listed[];
    expect(live.find((w) => w.id === team.id)).toEqual({ ...team, personal: false, members: 2, balance: 700, deleted_at: null });
    expect(live.find((w) => w.id === owner)).toMatchObject({ personal: true, members: 1, balance: 40 });
    expect(live.some((w) => w.id === gone.id)).toBe(false);
    // Team workspaces first: the few an operator looks for are not buried under personal ones.
    expect(live.findIndex((w) => w.personal)).toBeGreaterThan(live.findIndex((w) => w.id === team.id));
    const all = JSON.parse(expectOk(await admin('workspaces', '--all'))) as Listed[];
    expect(all.find((w) => w.id === gone.id)?.deleted_at).toEqual(expect.any(String));
  });

  it('revokes a key only in the workspace named with it', async () => {
    const { rows } = await getPool().query<{ slug: string }>('SELECT slug FROM workspaces WHERE id = $1', [owner]);
    expectFailure(await admin('revoke-key', '--key', key, '--email', ownerEmail), new RegExp(`no such key in workspace ${rows[0].slug}$`));
    expectSuccess(await callApi('GET', '/v2/account', { key }));
    expect(expectOk(await admin('revoke-key', '--key', key, '--workspace', team.slug))).toBe('revoked');
    const listed = JSON.parse(expectOk(await admin('keys', '--workspace', team.id, '--all'))) as Array<{ revoked_at: string | null }>;
    expect(listed).toEqual([expect.objectContaining({ revoked_at: expect.any(String) })]);
    expect(JSON.parse(expectOk(await admin('keys', '--workspace', team.id)))).toEqual([]);
    expectError(await callApi('GET', '/v2/account', { key }), 401, 'unauthorized');
  });

  it('fails with one clear line and changes nothing for an unknown, deleted or doubly named workspace', async () => {
    const results = await Promise.all([
      admin('grant-credits', '--workspace', `no-such-${run}`, '--credits', '5'),
      admin('grant-credits', '--workspace', gone.slug, '--credits', '5'),
      admin('create-key', '--workspace', gone.id),
      admin('grant-credits', '--workspace', team.slug, '--email', ownerEmail, '--credits', '5'),
      admin('members'),
    ]);
    const messages = [new RegExp(`no workspace with the slug or id no-such-${run}`), new RegExp(`workspace ${gone.slug} was deleted`), /was deleted/, /--email or --workspace, not both/, /--email or --workspace is required/];
    results.forEach((result, i) => expectFailure(result, messages[i]));
    expect(await getBalance(team.id)).toBe(700);
    expect(await getBalance(owner)).toBe(40);
    const { rows } = await getPool().query<{ n: number }>('SELECT count(*)::int AS n FROM api_keys WHERE user_id = $1', [gone.id]);
    expect(rows[0].n).toBe(0);
  });
});
