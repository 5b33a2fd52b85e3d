import { afterAll, describe, expect, it } from 'vitest';
import { createSignUpLimiter, signUpsPerHour } from '@/lib/auth/sign-up-limiter';
import { signUp } from '@/lib/auth/sign-up';
import { saveOperatorConnection } from '@/lib/connections/connection-store';
import { getPool } from '@/lib/db/pool';
import { createPlatformAccount } from '@/lib/oauth/platform-sign-up';
import { purgeOAuthRecords } from '@/lib/oauth/purge-oauth-records';
import { createApiAccount, expectLedgersBalanced } from '../support/api-client';
import { PRICE } from '../support/api-charges';
import { expectError, expectSuccess } from '../support/api-records';
import { authorizationCode, createPlatformUser, redeem, revokeCall } from '../support/oauth-flow';
import { createFixtureUsers } from '../support/platform-fixtures';

// Sign-up limits per address, OAuth scopes checked per write, and the purge of dead grants.

let counter = 0;
const unique = (label: string) => `${label}${process.pid % 1000}${Date.now() % 100000}${counter++}`;
const PASSWORD = 'correct horse battery';

afterAll(async () => {
  await expectLedgersBalanced();
});

describe('sign-up limits', () => {
  const limiter = (perHour: number) => createSignUpLimiter({ store: { kind: 'postgres', pool: getPool() }, keyPrefix: `test-signup-${unique('p')}:`, perHour });

  it('lets an address make PERCH_SIGNUP_LIMIT_PER_HOUR dashboard sign-ups, then says when to come back; other addresses go on', async () => {
    const l = limiter(2);
    for (let i = 0; i < 2; i++) expect((await signUp({ email: `${unique('su')}@limits.test`, password: PASSWORD }, { ip: '10.8.0.1', limiter: l })).ok).toBe(true);
    const refused = await signUp({ email: `${unique('su')}@limits.test`, password: PASSWORD }, { ip: '10.8.0.1', limiter: l });
    expect(refused).toEqual({ ok: false, errors: { form: expect.stringMatching(/^Too many sign-ups from this address\. Try again in (60|59) minutes\.$/) } });
    expect((await signUp({ email: `${unique('su')}@limits.test`, password: PASSWORD }, { ip: '10.8.0.2', limiter: l })).ok).toBe(true);
    // Refused sign-ups and bad input do not use up the allowance of another address.
    expect((await signUp({ email: 'not an email', password: PASSWORD }, { ip: '10.8.0.3', limiter: l })).ok).toBe(false);
  });

  it('limits platform sign-ups the same way', async () => {
    const l = limiter(1);
    expect((await createPlatformAccount({ username: unique('pl'), name: 'One', password: PASSWORD }, { ip: '10.9.0.1', limiter: l })).ok).toBe(true);
    const refused = await createPlatformAccount({ username: unique('pl'), name: 'Two', password: PASSWORD }, { ip: '10.9.0.1', limiter: l });
    expect(refused.ok ? null : refused.errors.form).toMatch(/^Too many accounts were created from this address/);
  });

  it('reads its allowance from the environment', () => {
    expect(signUpsPerHour({})).toBe(20);
    expect(signUpsPerHour({ PERCH_SIGNUP_LIMIT_PER_HOUR: '0' })).toBe(0);
    expect(() => signUpsPerHour({ PERCH_SIGNUP_LIMIT_PER_HOUR: 'many' })).toThrow(/PERCH_SIGNUP_LIMIT_PER_HOUR/);
  });
});

describe('OAuth scopes per write', () => {
  it('refuses a write whose scope the connected account did not grant, charging nothing, and allows the others', async () => {
    const [writer, target] = await createFixtureUsers(getPool(), 2);
    const account = await createApiAccount({ label: 'scopes', connect: writer.username });
    await saveOperatorConnection(account.userId, { id: writer.id, username: writer.username }, ['tweet.read', 'tweet.write']);
    const before = await account.balance();
    const like = await account.call('POST', `/v2/tweets/${target.id}/like`);
    expectError(like, 403, 'forbidden');
    expect(like.body.error.message).toMatch(/did not grant the like\.write scope.*reconnect it in the dashboard \(Connections\)/);
    expect(like.body.error.details).toEqual({ required_scope: 'like.write', granted_scopes: ['tweet.read', 'tweet.write'] });
    const follow = await account.call('POST', `/v2/users/${target.username}/follow`);
    expectError(follow, 403, 'forbidden');
    expect(follow.body.error.details.required_scope).toBe('follows.write');
    expect(await account.balance()).toBe(before);
    const tweet = await account.call('POST', '/v2/tweets/create', { body: { text: 'tweet.write was granted' } });
    expectSuccess(tweet);
    expect(before - (await account.balance())).toBe(PRICE.write);
  });
});

describe('purge of dead OAuth records', () => {
  it('deletes revoked grants with their tokens, keeps live ones', async () => {
    const user = await createPlatformUser('purge');
    const dead = await authorizationCode(user.id);
    const deadTokens = await redeem(dead.code, dead.verifier);
    const live = await authorizationCode(user.id);
    await redeem(live.code, live.verifier);
    expect((await revokeCall({ token: deadTokens.refresh_token })).status).toBe(200);
    const grants = async () =>
      (await getPool().query<{ revoked: boolean; tokens: number }>(
        `SELECT g.revoked_at IS NOT NULL AS revoked, (SELECT count(*)::int FROM platform.oauth_tokens t WHERE t.grant_id = g.id) AS tokens
           FROM platform.oauth_grants g WHERE g.user_id = $1 ORDER BY g.id`,
        [user.id],
      )).rows;
    expect(await grants()).toEqual([
      { revoked: true, tokens: 2 },
      { revoked: false, tokens: 2 },
    ]);
    const counts = await purgeOAuthRecords();
    expect(counts.grants).toBeGreaterThanOrEqual(1);
    expect(await grants()).toEqual([{ revoked: false, tokens: 2 }]);
  });
});
