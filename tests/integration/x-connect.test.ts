import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getXAccount, getXHandle, removeXConnection } from '@/lib/connections/x-connection';
import { completeXConnection, startXConnection, X_SCOPES } from '@/lib/connections/x-oauth-flow';
import { unseal } from '@/lib/crypto/seal';
import { getPool } from '@/lib/db/pool';
import type { XSettings } from '@/lib/platform/platform-config';
import { setServedPlatforms } from '@/lib/platform/served-platforms';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { expectCharged, expectNothingCharged, measuredCall, PRICE } from '../support/api-charges';
import { expectError, expectSuccess } from '../support/api-records';
import { consentAtFakeX, requestFake, startFakeX, type FakeX } from '../support/fake-x-api';
import { fakeXSettings, X_IDS as I, xPlatforms, xWorld } from '../support/x-world';

// "Connect X account" end to end against the fake X: the authorize URL Perch builds, X's consent
// page answered over HTTPS, the callback's checks, loginWithOAuth2 at /2/oauth2/token, tokens
// sealed at rest, writes acting as the account, refreshOAuth2Token when the token is due.

const ORIGIN = 'http://perch.test';
let fake: FakeX;
let settings: XSettings;

beforeAll(async () => {
  fake = await startFakeX(xWorld());
  settings = fakeXSettings(fake);
  setServedPlatforms(xPlatforms(fake));
});

afterAll(async () => {
  setServedPlatforms(null);
  await fake?.close();
  await expectLedgersBalanced();
});

/** Starts the flow, answers X's consent page as `username` (or cancels), and returns the callback's query and the flow cookie. */
async function authorizeAtX(userId: string, username: string, options: { decision?: 'allow' | 'deny'; scope?: string } = {}) {
  const { authorizeUrl, cookieValue } = startXConnection(userId, ORIGIN, settings);
  const back = await consentAtFakeX(fake, authorizeUrl, username, options);
  expect(`${back.origin}${back.pathname}`).toBe(`${ORIGIN}/dashboard/connections/x/callback`);
  return { params: back.searchParams, cookie: cookieValue };
}

async function storedRow(userId: string) {
  const { rows } = await getPool().query('SELECT * FROM x_connections WHERE user_id = $1', [userId]);
  return rows[0];
}

describe('connect X account', () => {
  let api: ApiAccount;

  it('builds the authorize URL at PERCH_X_AUTHORIZE_URL with PKCE (S256), every scope and the registered redirect URI', () => {
    const { authorizeUrl } = startXConnection('someone', ORIGIN, settings);
    const url = new URL(authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/i/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: fake.client.id,
      redirect_uri: `${ORIGIN}/dashboard/connections/x/callback`,
      scope: X_SCOPES.join(' '),
      code_challenge_method: 's256',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('connects the account: tokens from /2/oauth2/token sealed at rest, the @handle from /2/users/me; writes act as it', async () => {
    api = await createApiAccount({ label: 'x-connect' });
    const { params, cookie } = await authorizeAtX(api.userId, 'carol');
    expect(await completeXConnection({ userId: api.userId, cookie, params, settings })).toEqual({ ok: true, username: 'carol' });
    const row = await storedRow(api.userId);
    expect(row).toMatchObject({ x_user_id: I.carol, username: 'carol', scopes: X_SCOPES });
    expect(row.access_token_enc).toMatch(/^v1\.default\./);
    expect(row.access_token_enc).not.toContain('xat_');
    expect(unseal(row.access_token_enc, `x_connections.access_token:${api.userId}`)).toMatch(/^xat_/);
    expect(await getXHandle(api.userId)).toBe('carol');
    const liked = await measuredCall(api, 'POST', `/v2/tweets/${I.media}/like`);
    expectSuccess(liked, ['changed']);
    expectCharged(liked, PRICE.write);
    expect(fake.world.likes).toContainEqual([I.carol, I.media]);
  });

  it('an access token past its expiry is refreshed with the refresh token (which rotates) before the write', async () => {
    const before = await storedRow(api.userId);
    const oldRefresh = unseal(before.refresh_token_enc, `x_connections.refresh_token:${api.userId}`);
    await getPool().query("UPDATE x_connections SET access_expires_at = now() - interval '1 minute' WHERE user_id = $1", [api.userId]);
    const unliked = await measuredCall(api, 'DELETE', `/v2/tweets/${I.media}/like`);
    expectSuccess(unliked, ['changed']);
    expect(fake.world.likes).not.toContainEqual([I.carol, I.media]);
    const after = await storedRow(api.userId);
    expect(after.access_token_enc).not.toBe(before.access_token_enc);
    expect(new Date(after.access_expires_at).getTime()).toBeGreaterThan(Date.now() + 3600_000);
    // The old refresh token was spent at X: using it again is refused.
    expect(await requestFake(fake, `${fake.url}/2/oauth2/token`, { method: 'POST', form: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: oldRefresh, client_id: fake.client.id }) })).toMatchObject({ status: 400 });
  });

  it('a grant X revoked: once the access token is due, the account is not connected (403, nothing charged)', async () => {
    fake.revokeUser(I.carol);
    await getPool().query("UPDATE x_connections SET access_expires_at = now() - interval '1 minute' WHERE user_id = $1", [api.userId]);
    expect(await getXAccount(api.userId, settings)).toBeNull();
    const answer = await measuredCall(api, 'POST', `/v2/tweets/${I.media}/like`);
    expectError(answer, 403, 'account_not_connected');
    expectNothingCharged(answer);
    expect(await removeXConnection(api.userId)).toBe(true);
    expect(await getXHandle(api.userId)).toBeNull();
  });

  it('cancelling at X connects nothing', async () => {
    const other = await createApiAccount({ label: 'x-deny' });
    const { params, cookie } = await authorizeAtX(other.userId, 'dan', { decision: 'deny' });
    expect(await completeXConnection({ userId: other.userId, cookie, params, settings })).toMatchObject({ ok: false, error: 'access_denied', reason: 'denied' });
    expect(await storedRow(other.userId)).toBeUndefined();
  });

  it('a state that does not match the flow cookie is refused before the code is redeemed', async () => {
    const other = await createApiAccount({ label: 'x-state' });
    const { params, cookie } = await authorizeAtX(other.userId, 'dan');
    params.set('state', 'forged');
    const calls = fake.calls.length;
    expect(await completeXConnection({ userId: other.userId, cookie, params, settings })).toMatchObject({ ok: false, reason: 'state_mismatch' });
    expect(fake.calls.slice(calls).some((call) => call.includes('/2/oauth2/token'))).toBe(false);
    expect(await storedRow(other.userId)).toBeUndefined();
  });

  it('a code redeemed twice is refused; a grant without the write scopes is revoked and refused', async () => {
    const other = await createApiAccount({ label: 'x-scopes' });
    const first = await authorizeAtX(other.userId, 'dan');
    expect(await completeXConnection({ userId: other.userId, cookie: first.cookie, params: first.params, settings })).toMatchObject({ ok: true });
    expect(await completeXConnection({ userId: other.userId, cookie: first.cookie, params: first.params, settings })).toMatchObject({ ok: false, reason: 'code_refused' });
    await removeXConnection(other.userId);
    const narrow = await authorizeAtX(other.userId, 'dan', { scope: 'tweet.read users.read offline.access' });
    const calls = fake.calls.length;
    expect(await completeXConnection({ userId: other.userId, cookie: narrow.cookie, params: narrow.params, settings })).toMatchObject({ ok: false, reason: 'scopes' });
    expect(fake.calls.slice(calls)).toContain('POST /2/oauth2/revoke');
    expect(await storedRow(other.userId)).toBeUndefined();
  });
});
