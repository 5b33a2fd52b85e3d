import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLedger, getBalance, grantCredits } from '@/lib/credits';
import { getPool } from '@/lib/db/pool';
import { generateApiKey, hashApiKey, keyDisplayParts } from '@/lib/keys/key-format';
import { flushMetering } from '@/lib/metering/meter';
import { createTestUser } from '../support/account-fixtures';
import { callApi } from '../support/api-client';
import { expectSuccess } from '../support/api-records';

// GET /v2/account with a key of a team workspace: no users row has the workspace's id, so the
// answer must come from the workspace itself, and email from the person who issued the key.

const run = crypto.randomBytes(4).toString('hex');
const team = { id: `ws_acct_${run}`, slug: `acct-team-${run}`, name: `Account Team ${run}` };

/** A key of `workspaceId`, inserted as lib/keys/issue-key.ts does, with its issuer. */
async function insertKey(workspaceId: string, createdBy: string | null, name: string): Promise<{ id: string; key: string }> {
  const key = generateApiKey();
  const { keyStart, keyEnd } = keyDisplayParts(key);
  const id = `key_acct_${crypto.randomBytes(8).toString('hex')}`;
  await getPool().query(
    `INSERT INTO api_keys (id, user_id, created_by, name, key_hash, key_start, key_end, scopes, rate_limit)
     VALUES ($1, $2, $3, $4, $5, $6, $7, '{read,write}', 1000)`,
    [id, workspaceId, createdBy, name, hashApiKey(key), keyStart, keyEnd],
  );
  return { id, key };
}

async function emailOf(userId: string): Promise<string> {
  return (await getPool().query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId])).rows[0].email;
}

let owner: string;
let developer: string;

afterAll(async () => {
  await flushMetering();
  for (const id of [team.id, owner, developer]) if (id) expect((await checkLedger(id)).ok).toBe(true);
});

describe('GET /v2/account with a key of a team workspace', () => {
  it('shows the team workspace, its balance, and the email of the member who issued the key', async () => {
    owner = await createTestUser('acct_owner');
    developer = await createTestUser('acct_dev');
    const pool = getPool();
    await pool.query('INSERT INTO workspaces (id, slug, name, created_by) VALUES ($1, $2, $3, $4)', [team.id, team.slug, team.name, owner]);
    await pool.query(`INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'owner'), ($1, $3, 'developer')`, [team.id, owner, developer]);
    await pool.query('INSERT INTO credit_balances (user_id, balance) VALUES ($1, 0)', [team.id]);
    await grantCredits(team.id, 7_777, 'team grant');
    await grantCredits(developer, 1_234, 'personal grant');
    const { id, key } = await insertKey(team.id, developer, 'team key');

    const answer = await callApi('GET', '/v2/account', { key });
    expectSuccess(answer);
    expect(answer.body.data).toMatchObject({
      email: await emailOf(developer),
      workspace: { ...team, personal: false },
      balance: 7_777,
      key: { id, name: 'team key', credits_spent: 0 },
    });
    expect(answer.body.meta.credits_remaining).toBe(7_777);
  });

  it('charges a paid call to the team, not to the person, and shows it at once', async () => {
    const { key } = await insertKey(team.id, developer, 'team spender');
    const username = (await getPool().query<{ username: string }>('SELECT username FROM platform.users ORDER BY id LIMIT 1')).rows[0].username;
    const paid = await callApi('GET', `/v2/users/${username}`, { key });
    expectSuccess(paid);
    const charged: number = paid.body.meta.credits_charged;
    expect(charged).toBeGreaterThan(0);
    const answer = await callApi('GET', '/v2/account', { key });
    expect(answer.body.data.balance).toBe(7_777 - charged);
    expect(answer.body.data.key.credits_spent).toBe(charged);
    await flushMetering();
    expect(await getBalance(team.id)).toBe(7_777 - charged);
    expect(await getBalance(developer)).toBe(1_234);
  });

  it('falls back to the workspace creator’s email for a key whose issuer is unknown', async () => {
    const { key } = await insertKey(team.id, null, 'operator key');
    const answer = await callApi('GET', '/v2/account', { key });
    expectSuccess(answer);
    expect(answer.body.data.email).toBe(await emailOf(owner));
    expect(answer.body.data.workspace.id).toBe(team.id);
  });

  it('shows the same person’s personal workspace for a key of it', async () => {
    const { key } = await insertKey(developer, developer, 'own key');
    const slug = (await getPool().query<{ slug: string }>('SELECT slug FROM workspaces WHERE id = $1', [developer])).rows[0].slug;
    const answer = await callApi('GET', '/v2/account', { key });
    expectSuccess(answer);
    expect(answer.body.data).toMatchObject({ email: await emailOf(developer), workspace: { id: developer, slug, name: 'Personal', personal: true }, balance: 1_234 });
  });
});
