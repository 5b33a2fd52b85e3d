import { afterAll, describe, expect, it } from 'vitest';
import { connectAccountDirectly } from '@/lib/admin/connect-account';
import { readConnection } from '@/lib/connections/connection-store';
import { disconnectPlatformAccount } from '@/lib/connections/disconnect';
import { getConnectedAccount } from '@/lib/connections/get-connected-account';
import { getConnectionSummary } from '@/lib/connections/get-connection-summary';
import { startConnection } from '@/lib/connections/start-connection';
import { completeConnection } from '@/lib/connections/complete-connection';
import { accessTokenContext, refreshTokenContext } from '@/lib/connections/token-context';
import { seal, unseal } from '@/lib/crypto/seal';
import { getPool } from '@/lib/db/pool';
import { hashToken } from '@/lib/oauth/random-token';
import { verifyAccessToken } from '@/lib/oauth/verify-access-token';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { PRICE, expectCharged, expectNothingCharged, measuredCall } from '../support/api-charges';
import { expectError, expectSuccess } from '../support/api-records';
import { ORIGIN, connectWithOAuth, consent, createPlatformUser, revokeCall, type PlatformAccount } from '../support/oauth-flow';

// "Connect platform account" from the dashboard's side: the callback's checks, tokens sealed
// at rest, writes acting as the connection, transparent refresh, revocation and disconnect.

afterAll(async () => {
  await expectLedgersBalanced();
});

async function connectedAccount(label: string): Promise<{ api: ApiAccount; platform: PlatformAccount }> {
  const api = await createApiAccount({ label });
  const platform = await createPlatformUser(label.slice(0, 4));
  const result = await connectWithOAuth(api.userId, platform.id);
  expect(result).toEqual({ ok: true, username: platform.username });
  return { api, platform };
}

async function storedTokens(userId: string): Promise<{ access: string; refresh: string }> {
  const row = await readConnection(userId);
  return { access: unseal(row!.access_token_enc!, accessTokenContext(userId)), refresh: unseal(row!.refresh_token_enc!, refreshTokenContext(userId)) };
}

describe('the callback', () => {
  it('connects the account, stores the tokens sealed (AES-256-GCM, key id first) and shows the @handle', async () => {
    const { api, platform } = await connectedAccount('conn');
    const row = await readConnection(api.userId);
    expect(row).toMatchObject({ linked_via: 'oauth', username: platform.username, platform_user_id: platform.id });
    expect(row!.access_token_enc).toMatch(/^v1\.default\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(row!.access_token_enc).not.toContain('pat_');
    expect(row!.refresh_token_enc).not.toContain('prt_');
    const tokens = await storedTokens(api.userId);
    expect(await verifyAccessToken(tokens.access)).toMatchObject({ ok: true, grant: { userId: platform.id } });
    // Bound to its row: another account's context does not unseal it.
    expect(() => unseal(row!.access_token_enc!, accessTokenContext('someone-else'))).toThrow();
    expect(await getConnectionSummary(api.userId)).toMatchObject({ kind: 'active', username: platform.username, scopes: ['tweet.read', 'tweet.write', 'like.write', 'follows.write', 'offline.access'] });
    expect(await getConnectedAccount(api.userId)).toEqual({ id: platform.id, username: platform.username, scopes: ['tweet.read', 'tweet.write', 'like.write', 'follows.write', 'offline.access'] });
  });

  it('bad state: refused with invalid_request, the code is not redeemed and nothing is stored', async () => {
    const api = await createApiAccount({ label: 'state' });
    const platform = await createPlatformUser('st');
    let code = '';
    const result = await connectWithOAuth(api.userId, platform.id, (params) => {
      code = params.get('code')!;
      params.set('state', 'forged-state');
    });
    expect(result).toMatchObject({ ok: false, error: 'invalid_request', reason: 'state_mismatch' });
    expect(await readConnection(api.userId)).toBeNull();
    const { rows } = await getPool().query('SELECT used_at FROM platform.oauth_codes WHERE code_hash = $1', [hashToken(code)]);
    expect(rows[0].used_at).toBeNull();
    const missing = await connectWithOAuth(api.userId, platform.id, (params) => params.delete('state'));
    expect(missing).toMatchObject({ ok: false, reason: 'state_mismatch' });
  });

  it('a flow cookie of another account, a missing or forged one, or an old one is refused', async () => {
    const api = await createApiAccount({ label: 'flow' });
    const other = await createApiAccount({ label: 'flow' });
    const platform = await createPlatformUser('fl');
    const { authorizeUrl, cookieValue } = startConnection(other.userId, ORIGIN);
    const location = await consent(platform.id, new URL(authorizeUrl).searchParams);
    for (const cookie of [cookieValue, undefined, 'v1.default.AAAA.BBBB.CCCC', cookieValue.slice(0, -2) + 'xx']) {
      const result = await completeConnection({ userId: api.userId, cookie, params: location.searchParams });
      expect(result).toMatchObject({ ok: false, error: 'invalid_request', reason: 'flow_expired' });
    }
    const old = startConnection(api.userId, ORIGIN, Date.now() - 11 * 60_000);
    const oldLocation = await consent(platform.id, new URL(old.authorizeUrl).searchParams);
    expect(await completeConnection({ userId: api.userId, cookie: old.cookieValue, params: oldLocation.searchParams })).toMatchObject({ ok: false, reason: 'flow_expired' });
    expect(await readConnection(api.userId)).toBeNull();
  });

  it('access_denied on the platform connects nothing; a code that fails to redeem is reported as such', async () => {
    const api = await createApiAccount({ label: 'deny' });
    const platform = await createPlatformUser('dn');
    const { authorizeUrl, cookieValue } = startConnection(api.userId, ORIGIN);
    const denied = await consent(platform.id, new URL(authorizeUrl).searchParams, 'deny');
    expect(await completeConnection({ userId: api.userId, cookie: cookieValue, params: denied.searchParams })).toMatchObject({ ok: false, error: 'access_denied', reason: 'denied' });
    const injected = await connectWithOAuth(api.userId, platform.id, (params) => params.set('code', 'pac_injected'));
    expect(injected).toMatchObject({ ok: false, error: 'invalid_grant', reason: 'code_refused' });
    expect(await readConnection(api.userId)).toBeNull();
  });

  it('connecting again replaces the connection and revokes the old grant', async () => {
    const { api } = await connectedAccount('again');
    const before = await storedTokens(api.userId);
    const second = await createPlatformUser('ag');
    expect(await connectWithOAuth(api.userId, second.id)).toEqual({ ok: true, username: second.username });
    expect(await verifyAccessToken(before.access)).toEqual({ ok: false, reason: 'revoked' });
    expect(await getConnectedAccount(api.userId)).toEqual({ id: second.id, username: second.username, scopes: ['tweet.read', 'tweet.write', 'like.write', 'follows.write', 'offline.access'] });
  });
});

describe('writes and checks act as the OAuth connection', () => {
  it('createTweet posts as the connected account; checks default to it', async () => {
    const { api, platform } = await connectedAccount('acts');
    const posted = await measuredCall(api, 'POST', '/v2/tweets/create', { body: { text: 'posted through an OAuth connection' } });
    expectSuccess(posted);
    expect(posted.body.data).toMatchObject({ author_id: platform.id, author: { username: platform.username } });
    expectCharged(posted, PRICE.write);

    const [target] = (await getPool().query<{ username: string }>('SELECT username FROM platform.users WHERE password_hash IS NULL ORDER BY followers_count DESC LIMIT 1')).rows;
    expectSuccess(await api.call('POST', `/v2/users/${target.username}/follow`), ['changed']);
    const follow = await api.call('GET', '/v2/users/check-follow', { query: { target: target.username } });
    expectSuccess(follow);
    expect(follow.body.data).toMatchObject({ source: { id: platform.id, username: platform.username }, following: true });
    const like = await api.call('GET', `/v2/tweets/${posted.body.data.id}/check-like`);
    expect(like.body.data).toMatchObject({ user: { username: platform.username }, liked: false });
    const retweet = await api.call('GET', `/v2/tweets/${posted.body.data.id}/check-retweet`);
    expect(retweet.body.data).toMatchObject({ user: { username: platform.username }, retweeted: false });
    const account = await api.call('GET', '/v2/account');
    expect(account.body.data.connected_account).toEqual({ username: platform.username });
  });

  it('an expired access token is refreshed transparently (stored expiry in the past); the new pair is stored and the old refresh token spent', async () => {
    const { api, platform } = await connectedAccount('refresh');
    const before = await storedTokens(api.userId);
    await getPool().query("UPDATE platform_connections SET access_expires_at = now() - interval '1 minute' WHERE user_id = $1", [api.userId]);
    const answer = await measuredCall(api, 'POST', '/v2/tweets/create', { body: { text: 'after a refresh' } });
    expectSuccess(answer);
    expect(answer.body.data.author.username).toBe(platform.username);
    expectCharged(answer, PRICE.write);
    const after = await storedTokens(api.userId);
    expect(after.access).not.toBe(before.access);
    expect(after.refresh).not.toBe(before.refresh);
    const { rows } = await getPool().query<{ used: boolean; fresh: boolean }>(
      `SELECT (SELECT used_at IS NOT NULL FROM platform.oauth_tokens WHERE token_hash = $1) AS used,
              (SELECT access_expires_at > now() + interval '14 minutes' FROM platform_connections WHERE user_id = $2) AS fresh`,
      [hashToken(before.refresh), api.userId],
    );
    expect(rows[0]).toEqual({ used: true, fresh: true });
  });

  it('refreshes when the platform says the token expired even though the stored expiry does not', async () => {
    const { api } = await connectedAccount('platexp');
    const before = await storedTokens(api.userId);
    await getPool().query("UPDATE platform.oauth_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [hashToken(before.access)]);
    expectSuccess(await api.call('POST', '/v2/tweets/create', { body: { text: 'platform clock says expired' } }));
    expect((await storedTokens(api.userId)).access).not.toBe(before.access);
  });

  it('concurrent writes on an expired token share one refresh: all succeed and the grant survives', async () => {
    const { api } = await connectedAccount('race');
    await getPool().query("UPDATE platform_connections SET access_expires_at = now() - interval '1 minute' WHERE user_id = $1", [api.userId]);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => api.call('POST', '/v2/tweets/create', { body: { text: `concurrent ${i}` } })));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(await getConnectionSummary(api.userId)).toMatchObject({ kind: 'active' });
    expectSuccess(await api.call('POST', '/v2/tweets/create', { body: { text: 'still connected' } }));
  });

  it('a grant revoked at the platform answers 403 account_not_connected, charged nothing; checks then need their parameter', async () => {
    const { api, platform } = await connectedAccount('revoked');
    const { refresh } = await storedTokens(api.userId);
    expect((await revokeCall({ token: refresh, token_type_hint: 'refresh_token' })).status).toBe(200);
    for (const [method, path, body] of [
      ['POST', '/v2/tweets/create', { text: 'nope' }],
      ['POST', `/v2/users/${platform.username}x/follow`, undefined],
    ] as const) {
      const answer = await measuredCall(api, method, path, { body });
      expectError(answer, 403, 'account_not_connected');
      expectNothingCharged(answer);
    }
    expect(await getConnectionSummary(api.userId)).toMatchObject({ kind: 'revoked', username: platform.username });
    const check = await api.call('GET', '/v2/users/check-follow', { query: { target: platform.username } });
    expectError(check, 400, 'invalid_request');
  });

  it('an expired access token whose refresh was revoked is 403 too, and so is an expired refresh token', async () => {
    const { api } = await connectedAccount('deadrefresh');
    const { refresh } = await storedTokens(api.userId);
    await getPool().query("UPDATE platform.oauth_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [hashToken(refresh)]);
    await getPool().query("UPDATE platform_connections SET access_expires_at = now() - interval '1 minute' WHERE user_id = $1", [api.userId]);
    expectError(await api.call('POST', '/v2/tweets/create', { body: { text: 'nope' } }), 403, 'account_not_connected');
  });

  it('tokens sealed with a key that is no longer configured: 403, and the page says so', async () => {
    const { api } = await connectedAccount('lostkey');
    const foreign = seal('pat_whatever', accessTokenContext(api.userId), {
      current: { id: 'gone', key: Buffer.alloc(32, 7) },
      find: () => undefined,
    });
    await getPool().query('UPDATE platform_connections SET access_token_enc = $2 WHERE user_id = $1', [api.userId, foreign]);
    expectError(await api.call('POST', '/v2/tweets/create', { body: { text: 'nope' } }), 403, 'account_not_connected');
    expect(await getConnectionSummary(api.userId)).toMatchObject({ kind: 'unreadable' });
  });
});

describe('disconnect', () => {
  it('deletes the tokens, revokes the grant at the platform, and writes answer 403', async () => {
    const { api } = await connectedAccount('disc');
    const tokens = await storedTokens(api.userId);
    expect(await disconnectPlatformAccount(api.userId)).toEqual({ removed: true, revoked: true });
    expect(await readConnection(api.userId)).toBeNull();
    expect(await verifyAccessToken(tokens.access)).toEqual({ ok: false, reason: 'revoked' });
    const answer = await measuredCall(api, 'POST', '/v2/tweets/create', { body: { text: 'after disconnect' } });
    expectError(answer, 403, 'account_not_connected');
    expectNothingCharged(answer);
    expect(await disconnectPlatformAccount(api.userId)).toEqual({ removed: false, revoked: false });
  });
});

describe('operator links (admin CLI connect-account)', () => {
  it('stay valid with no tokens; replacing an OAuth connection revokes its grant; disconnect removes them', async () => {
    const { api } = await connectedAccount('operator');
    const tokens = await storedTokens(api.userId);
    const [seeded] = (await getPool().query<{ id: string; username: string }>('SELECT id::text, username FROM platform.users WHERE password_hash IS NULL ORDER BY id LIMIT 1')).rows;
    await connectAccountDirectly(api.userId, seeded.username);
    expect(await verifyAccessToken(tokens.access)).toEqual({ ok: false, reason: 'revoked' });
    expect(await readConnection(api.userId)).toMatchObject({ linked_via: 'operator', access_token_enc: null, refresh_token_enc: null });
    expect(await getConnectionSummary(api.userId)).toMatchObject({ kind: 'operator', username: seeded.username });
    const posted = await api.call('POST', '/v2/tweets/create', { body: { text: 'operator linked' } });
    expectSuccess(posted);
    expect(posted.body.data.author_id).toBe(seeded.id);
    expect(await disconnectPlatformAccount(api.userId)).toEqual({ removed: true, revoked: false });
    expectError(await api.call('POST', '/v2/tweets/create', { body: { text: 'nope' } }), 403, 'account_not_connected');
  });

  it('an OAuth row without tokens is refused by the database', async () => {
    const api = await createApiAccount({ label: 'check' });
    await expect(
      getPool().query(`INSERT INTO platform_connections (user_id, platform_user_id, username, linked_via, scopes) VALUES ($1, '1', 'x', 'oauth', '{}')`, [api.userId]),
    ).rejects.toThrow(/platform_connections_oauth_has_tokens/);
  });
});
