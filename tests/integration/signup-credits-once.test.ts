import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@/lib/admin/create-account';
import { signUp } from '@/lib/auth/sign-up';
import { authOptions } from '@/lib/auth/auth-options';
import { emailHash } from '@/lib/auth/signup-credit-claim';
import { checkLedger } from '@/lib/credits';
import { getPool } from '@/lib/db/pool';
import { startServer, type RunningServer } from '../support/api-server';
import { browser, signInOverHttp } from '../support/dashboard-http';
import { finishSignUpFromMail } from '../support/outbox';

// The sign-up credits go once per address: an account deleted over HTTP frees its address for a
// new sign-up (it still works), but the new account starts without the credits. A first
// sign-up, by password or by an OAuth sign-in that creates the person, still gets them.

const PASSWORD = 'correct horse battery';
let server: RunningServer;
let counter = 0;
const email = (label: string) => `${label}-${process.pid}-${Date.now()}-${counter++}@signup-once.test`;

beforeAll(async () => {
  server = await startServer(process.env.DATABASE_URL!, { ADMIN_EMAILS: '' });
}, 10 * 60_000);

afterAll(async () => {
  await server?.stop();
});

async function signUpFully(address: string): Promise<string> {
  expect((await signUp({ email: address, password: PASSWORD })).ok).toBe(true);
  return finishSignUpFromMail(address, PASSWORD);
}

async function signupGrants(workspaceId: string): Promise<number[]> {
  const { rows } = await getPool().query<{ amount: number }>(`SELECT amount::int FROM credit_grants WHERE user_id = $1 AND reason = 'signup credits' ORDER BY id`, [workspaceId]);
  return rows.map((row) => row.amount);
}

const balanceOf = async (workspaceId: string) => (await checkLedger(workspaceId)).balance;

describe('sign-up credits once per address', () => {
  it('a first sign-up gets them; the same address after deleting its account signs up again without them', async () => {
    const address = email('returning');
    const first = await signUpFully(address);
    expect(await signupGrants(first)).toEqual([100_000]);
    expect(await balanceOf(first)).toBe(100_000);

    const b = browser(server.url);
    expect((await signInOverHttp(b, address, PASSWORD)).ok).toBe(true);
    expect((await b.json('/api/dashboard/account/delete', { password: PASSWORD })).status).toBe(200);

    const second = await signUpFully(address);
    expect(second).not.toBe(first);
    expect(await signupGrants(second)).toEqual([]);
    expect(await checkLedger(second)).toMatchObject({ ok: true, balance: 0 });
    // The new account works: it signs in over HTTP.
    expect((await signInOverHttp(browser(server.url), address, PASSWORD)).ok).toBe(true);
    // The first account's ledger still adds up, its forfeited credits included.
    expect(await checkLedger(first)).toMatchObject({ ok: true, balance: 100_000 });
  });

  it('an address is claimed once however it is cased, and other addresses are unaffected', async () => {
    const address = email('Cased');
    const { rows } = await getPool().query(`SELECT 1 FROM signup_credit_claims WHERE email_hash = $1`, [emailHash(address)]);
    expect(rows).toEqual([]);
    const id = await signUpFully(address.toLowerCase());
    expect(await signupGrants(id)).toEqual([100_000]);
    const claimed = await getPool().query(`SELECT 1 FROM signup_credit_claims WHERE email_hash = $1`, [emailHash(address.toUpperCase())]);
    expect(claimed.rows).toHaveLength(1);
    const other = await signUpFully(email('neighbour'));
    expect(await signupGrants(other)).toEqual([100_000]);
  });

  it('an OAuth sign-in that creates the person grants them only for a new address', async () => {
    const createUser = authOptions().events!.createUser!;
    const fresh = email('oauth');
    const { rows: made } = await getPool().query<{ id: string }>(`INSERT INTO users (id, email, updated_at) VALUES ('oauth_' || md5($1), $1, now()) RETURNING id`, [fresh]);
    await createUser({ user: { id: made[0].id, email: fresh } } as never);
    expect(await signupGrants(made[0].id)).toEqual([100_000]);

    // The address of an earlier (deleted) password account: the OAuth person starts without them.
    const returning = email('oauth-returning');
    const first = await signUpFully(returning);
    const b = browser(server.url);
    expect((await signInOverHttp(b, returning, PASSWORD)).ok).toBe(true);
    expect((await b.json('/api/dashboard/account/delete', { password: PASSWORD })).status).toBe(200);
    const { rows: again } = await getPool().query<{ id: string }>(`INSERT INTO users (id, email, updated_at) VALUES ('oauth_' || md5($1), $1, now()) RETURNING id`, [returning]);
    await createUser({ user: { id: again[0].id, email: returning } } as never);
    expect(again[0].id).not.toBe(first);
    expect(await signupGrants(again[0].id)).toEqual([]);
  });

  it('an account made by the admin CLI, once deleted, leaves its address without them too', async () => {
    const address = email('cli');
    const { id } = await createAccount({ email: address, password: PASSWORD, credits: 500, reason: 'granted by an operator' });
    const b = browser(server.url);
    expect((await signInOverHttp(b, address, PASSWORD)).ok).toBe(true);
    expect((await b.json('/api/dashboard/account/delete', { password: PASSWORD })).status).toBe(200);
    const again = await signUpFully(address);
    expect(again).not.toBe(id);
    expect(await signupGrants(again)).toEqual([]);
  });
});
