import { describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { checkAuthorizeRequest } from '@/lib/oauth/authorize-request';
import { decideAuthorization } from '@/lib/oauth/decide-authorization';
import { hashToken } from '@/lib/oauth/random-token';
import { newCodeVerifier, s256Challenge } from '@/lib/oauth/pkce';
import { consentToken, createPlatformSession } from '@/lib/oauth/platform-session';
import { createPlatformAccount } from '@/lib/oauth/platform-sign-up';
import { verifyPlatformCredentials } from '@/lib/oauth/platform-sign-in';
import { createSignInLimiter } from '@/lib/auth/sign-in-limiter';
import { verifyAccessToken } from '@/lib/oauth/verify-access-token';
import {
  ALL_SCOPES,
  ORIGIN,
  REDIRECT_URI,
  authorizationCode,
  authorizeQuery,
  basic,
  consent,
  createPlatformUser,
  redeem,
  revokeCall,
  tokenCall,
} from '../support/oauth-flow';

// The embedded platform as an OAuth 2.0 authorization server (RFC 6749, RFC 7636, RFC 7009),
// through the same functions its routes call.

const limiter = () => createSignInLimiter({ store: { kind: 'memory' } });

function expectOAuthError(result: { status: number; body: any; headers: Headers }, status: number, code: string) {
  expect({ status: result.status, error: result.body?.error }).toEqual({ status, error: code });
  expect(typeof result.body.error_description).toBe('string');
  expect(result.headers.get('cache-control')).toBe('no-store');
}

describe('platform accounts', () => {
  it('sign up with an argon2id password, sign in with it; a taken username or bad input is refused', async () => {
    const user = await createPlatformUser('su');
    const { rows } = await getPool().query('SELECT password_hash FROM platform.users WHERE id = $1', [user.id]);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    const signedIn = await verifyPlatformCredentials({ username: `@${user.username.toUpperCase()}`, password: user.password }, '10.0.0.1', limiter());
    expect(signedIn).toEqual({ ok: true, user: { id: user.id, username: user.username, name: `Test ${user.username}` } });
    expect(await verifyPlatformCredentials({ username: user.username, password: 'wrong password!' }, '10.0.0.1', limiter())).toEqual({
      ok: false,
      errors: { form: 'Username or password is incorrect.' },
    });
    const taken = await createPlatformAccount({ username: user.username.toUpperCase(), name: 'x', password: 'long enough password' });
    expect(taken).toEqual({ ok: false, errors: { username: 'That username is taken' } });
    const bad = await createPlatformAccount({ username: 'no spaces allowed', name: '', password: 'short' });
    expect(bad.ok).toBe(false);
    expect(Object.keys(bad.ok ? {} : bad.errors).sort()).toEqual(['name', 'password', 'username']);
  });

  it('seeded users have no password and cannot sign in; repeated failures throttle the address that made them', async () => {
    const { rows } = await getPool().query<{ username: string }>('SELECT username FROM platform.users WHERE password_hash IS NULL LIMIT 1');
    const seeded = await verifyPlatformCredentials({ username: rows[0].username, password: 'anything at all' }, '10.0.0.2', limiter());
    expect(seeded.ok).toBe(false);
    const user = await createPlatformUser('lk');
    const strict = limiter();
    for (let i = 0; i < 5; i++) await verifyPlatformCredentials({ username: user.username, password: 'wrong password!' }, '10.0.1.1', strict);
    const locked = await verifyPlatformCredentials({ username: user.username, password: user.password }, '10.0.1.1', strict);
    expect(locked.ok ? null : locked.errors.form).toMatch(/Too many failed sign-in attempts from this address/);
    // The owner on another address is not locked out.
    expect((await verifyPlatformCredentials({ username: user.username, password: user.password }, '10.0.2.1', strict)).ok).toBe(true);
  });
});

describe('authorize endpoint', () => {
  const challenge = s256Challenge(newCodeVerifier());
  const check = (edit: (params: URLSearchParams) => void) => {
    const params = authorizeQuery({ challenge });
    edit(params);
    return checkAuthorizeRequest(params, ORIGIN);
  };

  it('accepts the dashboard client’s request', () => {
    const ok = check(() => undefined);
    expect(ok).toMatchObject({ kind: 'ok', request: { redirectUri: REDIRECT_URI, state: 'state-123', scopes: ALL_SCOPES.split(' '), codeChallenge: challenge } });
  });

  it('shows, never redirects, an unknown client or a redirect URI that does not match exactly', () => {
    for (const [edit, code] of [
      [(p: URLSearchParams) => p.set('client_id', 'someone-else'), 'invalid_client'],
      [(p: URLSearchParams) => p.delete('client_id'), 'invalid_request'],
      [(p: URLSearchParams) => p.set('redirect_uri', 'https://evil.example/dashboard/connections/callback'), 'invalid_request'],
      [(p: URLSearchParams) => p.set('redirect_uri', `${REDIRECT_URI}/`), 'invalid_request'],
      [(p: URLSearchParams) => p.set('redirect_uri', `${REDIRECT_URI}?x=1`), 'invalid_request'],
      [(p: URLSearchParams) => p.set('redirect_uri', REDIRECT_URI.replace('http:', 'https:')), 'invalid_request'],
      [(p: URLSearchParams) => p.delete('redirect_uri'), 'invalid_request'],
      [(p: URLSearchParams) => p.append('redirect_uri', REDIRECT_URI), 'invalid_request'],
    ] as const) {
      const result = check(edit);
      expect(result.kind).toBe('show');
      expect(result.kind === 'show' && result.error.code).toBe(code);
    }
    // The registered URI follows the deployment's origin: the same request at another origin is refused.
    expect(checkAuthorizeRequest(authorizeQuery({ challenge }), 'http://other.test').kind).toBe('show');
  });

  it('sends other errors back to the client with the state: response_type, state, scope, PKCE S256 only', () => {
    for (const [edit, code] of [
      [(p: URLSearchParams) => p.set('response_type', 'token'), 'unsupported_response_type'],
      [(p: URLSearchParams) => p.delete('state'), 'invalid_request'],
      [(p: URLSearchParams) => p.set('scope', 'tweet.read admin'), 'invalid_scope'],
      [(p: URLSearchParams) => p.set('scope', ''), 'invalid_scope'],
      [(p: URLSearchParams) => p.delete('code_challenge'), 'invalid_request'],
      [(p: URLSearchParams) => p.set('code_challenge_method', 'plain'), 'invalid_request'],
      [(p: URLSearchParams) => p.delete('code_challenge_method'), 'invalid_request'],
      [(p: URLSearchParams) => p.set('code_challenge', 'short'), 'invalid_request'],
      [(p: URLSearchParams) => p.append('scope', 'tweet.read'), 'invalid_request'],
    ] as const) {
      const result = check(edit);
      expect(result.kind).toBe('redirect');
      if (result.kind !== 'redirect') continue;
      const location = new URL(result.location);
      expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
      expect(location.searchParams.get('error')).toBe(code);
      if (result.error.description !== 'state is required') expect(location.searchParams.get('state')).toBe('state-123');
    }
  });

  it('consent: allow returns a code and the state; deny returns access_denied; a forged form or no session gets nothing', async () => {
    const user = await createPlatformUser('cs');
    const query = authorizeQuery({ challenge, state: 'round trip ✓' });
    const allowed = await consent(user.id, query);
    expect(allowed.searchParams.get('state')).toBe('round trip ✓');
    expect(allowed.searchParams.get('code')).toMatch(/^pac_[A-Za-z0-9_-]{43}$/);
    const denied = await consent(user.id, query, 'deny');
    expect(Object.fromEntries(denied.searchParams)).toMatchObject({ error: 'access_denied', state: 'round trip ✓' });
    expect(denied.searchParams.has('code')).toBe(false);

    const session = await createPlatformSession(user.id);
    const otherSession = await createPlatformSession(user.id);
    const form = new URLSearchParams(query);
    form.set('decision', 'allow');
    form.set('csrf', consentToken(otherSession));
    expect(await decideAuthorization({ form, origin: ORIGIN, sessionToken: session })).toMatchObject({ kind: 'refuse', status: 403 });
    form.set('csrf', consentToken(session));
    const signedOut = await decideAuthorization({ form, origin: ORIGIN, sessionToken: undefined });
    expect(signedOut).toEqual({ kind: 'redirect', location: `/platform/oauth/authorize?${query}` });
    form.set('redirect_uri', 'https://evil.example/cb');
    const evil = await decideAuthorization({ form, origin: ORIGIN, sessionToken: session });
    expect(evil.kind === 'redirect' && evil.location.startsWith('/platform/oauth/authorize?')).toBe(true);
  });
});

describe('token endpoint: authorization_code with PKCE', () => {
  it('redeems a code once for a short-lived access token and a refresh token; only hashes are stored', async () => {
    const user = await createPlatformUser('tk');
    const { code, verifier } = await authorizationCode(user.id);
    const result = await tokenCall({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
    expect(result.status).toBe(200);
    expect(result.headers.get('cache-control')).toBe('no-store');
    expect(result.headers.get('pragma')).toBe('no-cache');
    expect(result.body).toEqual({
      access_token: expect.stringMatching(/^pat_/),
      token_type: 'bearer',
      expires_in: 900,
      refresh_token: expect.stringMatching(/^prt_/),
      scope: ALL_SCOPES,
    });
    expect(await verifyAccessToken(result.body.access_token)).toMatchObject({ ok: true, grant: { userId: user.id, username: user.username } });

    const pool = getPool();
    const codes = await pool.query('SELECT code_hash FROM platform.oauth_codes WHERE code_hash = $1', [hashToken(code)]);
    expect(codes.rowCount).toBe(1);
    const plain = await pool.query(
      `SELECT count(*)::int AS n FROM platform.oauth_tokens WHERE token_hash IN ($1, $2) OR token_hash LIKE 'pat_%' OR token_hash LIKE 'prt_%'`,
      [result.body.access_token, result.body.refresh_token],
    );
    expect(plain.rows[0].n).toBe(0);
    const lifetimes = await pool.query<{ kind: string; seconds: number }>(
      `SELECT kind, round(extract(epoch FROM expires_at - created_at))::int AS seconds FROM platform.oauth_tokens WHERE token_hash IN ($1, $2) ORDER BY kind`,
      [hashToken(result.body.access_token), hashToken(result.body.refresh_token)],
    );
    expect(lifetimes.rows).toEqual([
      { kind: 'access', seconds: 900 },
      { kind: 'refresh', seconds: 30 * 24 * 3600 },
    ]);
  });

  it('codes live 60 seconds', async () => {
    const user = await createPlatformUser('ttl');
    const { code } = await authorizationCode(user.id);
    const { rows } = await getPool().query<{ seconds: number }>('SELECT round(extract(epoch FROM expires_at - created_at))::int AS seconds FROM platform.oauth_codes WHERE code_hash = $1', [hashToken(code)]);
    expect(rows[0].seconds).toBe(60);
  });

  it('wrong verifier: invalid_grant, and the code is spent (the right verifier is refused afterwards)', async () => {
    const user = await createPlatformUser('wv');
    const { code, verifier } = await authorizationCode(user.id);
    const wrong = await tokenCall({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: newCodeVerifier() });
    expectOAuthError(wrong, 400, 'invalid_grant');
    expect(wrong.body.error_description).toMatch(/code_verifier/);
    expectOAuthError(await tokenCall({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier }), 400, 'invalid_grant');
  });

  it('reused code: invalid_grant, and the tokens of the first redemption are revoked', async () => {
    const user = await createPlatformUser('rc');
    const { code, verifier } = await authorizationCode(user.id);
    const first = await redeem(code, verifier);
    const again = await tokenCall({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
    expectOAuthError(again, 400, 'invalid_grant');
    expect(again.body.error_description).toMatch(/already used/);
    expect(await verifyAccessToken(first.access_token)).toEqual({ ok: false, reason: 'revoked' });
    expectOAuthError(await tokenCall({ grant_type: 'refresh_token', refresh_token: first.refresh_token }), 400, 'invalid_grant');
  });

  it('expired code: invalid_grant', async () => {
    const user = await createPlatformUser('ec');
    const { code, verifier } = await authorizationCode(user.id);
    await getPool().query("UPDATE platform.oauth_codes SET expires_at = now() - interval '1 second' WHERE code_hash = $1", [hashToken(code)]);
    const expired = await tokenCall({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
    expectOAuthError(expired, 400, 'invalid_grant');
    expect(expired.body.error_description).toMatch(/expired/);
  });

  it('mismatched redirect URI: invalid_grant', async () => {
    const user = await createPlatformUser('mr');
    const { code, verifier } = await authorizationCode(user.id);
    const mismatch = await tokenCall({ grant_type: 'authorization_code', code, redirect_uri: `${REDIRECT_URI}?other=1`, code_verifier: verifier });
    expectOAuthError(mismatch, 400, 'invalid_grant');
    expect(mismatch.body.error_description).toMatch(/redirect_uri/);
  });

  it('an unknown code is invalid_grant; missing parameters are invalid_request', async () => {
    expectOAuthError(await tokenCall({ grant_type: 'authorization_code', code: 'pac_nope', redirect_uri: REDIRECT_URI, code_verifier: newCodeVerifier() }), 400, 'invalid_grant');
    for (const missing of ['code', 'redirect_uri', 'code_verifier']) {
      const params: Record<string, string> = { grant_type: 'authorization_code', code: 'pac_x', redirect_uri: REDIRECT_URI, code_verifier: newCodeVerifier() };
      delete params[missing];
      const result = await tokenCall(params);
      expectOAuthError(result, 400, 'invalid_request');
      expect(result.body.error_description).toContain(missing);
    }
  });

  it('client authentication: Basic or client_secret_post; a wrong secret or unknown client is 401 invalid_client', async () => {
    const user = await createPlatformUser('ca');
    const { code, verifier } = await authorizationCode(user.id);
    const { dashboardClient } = await import('@/lib/oauth/clients');
    const viaPost = await tokenCall(
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier, client_id: dashboardClient().id, client_secret: dashboardClient().secret() },
      { authorization: null },
    );
    expect(viaPost.status).toBe(200);
    const wrongSecret = await tokenCall({ grant_type: 'refresh_token', refresh_token: viaPost.body.refresh_token }, { authorization: basic(undefined, 'not the secret') });
    expectOAuthError(wrongSecret, 401, 'invalid_client');
    expect(wrongSecret.headers.get('www-authenticate')).toBe('Basic realm="platform"');
    expectOAuthError(await tokenCall({ grant_type: 'refresh_token', refresh_token: 'x' }, { authorization: basic('nobody', 'x') }), 401, 'invalid_client');
    expectOAuthError(await tokenCall({ grant_type: 'refresh_token', refresh_token: 'x' }, { authorization: null }), 401, 'invalid_client');
    expectOAuthError(await tokenCall({ grant_type: 'refresh_token', refresh_token: 'x' }, { authorization: 'Basic !!!' }), 401, 'invalid_client');
    expectOAuthError(
      await tokenCall({ grant_type: 'refresh_token', refresh_token: 'x', client_secret: dashboardClient().secret() }),
      400,
      'invalid_request',
    );
    // The refresh token was not spent by the refused requests.
    expect((await tokenCall({ grant_type: 'refresh_token', refresh_token: viaPost.body.refresh_token })).status).toBe(200);
  });

  it('grant types, body format and repeated parameters', async () => {
    expectOAuthError(await tokenCall({ grant_type: 'password', username: 'a', password: 'b' }), 400, 'unsupported_grant_type');
    expectOAuthError(await tokenCall({ grant_type: 'client_credentials' }), 400, 'unsupported_grant_type');
    expectOAuthError(await tokenCall({}), 400, 'invalid_request');
    expectOAuthError(await tokenCall({ grant_type: 'refresh_token', refresh_token: 'x' }, { contentType: 'application/json' }), 400, 'invalid_request');
    const request = new Request(`${ORIGIN}/platform/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic() },
      body: 'grant_type=refresh_token&refresh_token=a&refresh_token=b',
    });
    const { handleTokenEndpoint } = await import('@/lib/oauth/token-endpoint');
    const repeated = await handleTokenEndpoint(request);
    expect(repeated.status).toBe(400);
    expect((await repeated.json()).error).toBe('invalid_request');
  });
});

describe('token endpoint: refresh_token with rotation', () => {
  it('issues a new pair and spends the old refresh token; replaying it revokes the grant', async () => {
    const user = await createPlatformUser('rf');
    const { code, verifier } = await authorizationCode(user.id);
    const first = await redeem(code, verifier);
    const second = await tokenCall({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect(second.body.access_token).not.toBe(first.access_token);
    expect(await verifyAccessToken(second.body.access_token)).toMatchObject({ ok: true });

    const replay = await tokenCall({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expectOAuthError(replay, 400, 'invalid_grant');
    expect(replay.body.error_description).toMatch(/already used/);
    expect(await verifyAccessToken(second.body.access_token)).toEqual({ ok: false, reason: 'revoked' });
    expectOAuthError(await tokenCall({ grant_type: 'refresh_token', refresh_token: second.body.refresh_token }), 400, 'invalid_grant');
  });

  it('may narrow the scope of the access token, never widen it; an expired refresh token is invalid_grant', async () => {
    const user = await createPlatformUser('sc');
    const { code, verifier } = await authorizationCode(user.id, { scope: 'tweet.read tweet.write offline.access' });
    const first = await redeem(code, verifier);
    const widened = await tokenCall({ grant_type: 'refresh_token', refresh_token: first.refresh_token, scope: 'tweet.read like.write' });
    expectOAuthError(widened, 400, 'invalid_scope');
    const narrowed = await tokenCall({ grant_type: 'refresh_token', refresh_token: first.refresh_token, scope: 'tweet.read' });
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.scope).toBe('tweet.read');
    expect(await verifyAccessToken(narrowed.body.access_token)).toMatchObject({ ok: true, grant: { scopes: ['tweet.read'] } });
    // The new refresh token still carries the whole grant.
    const full = await tokenCall({ grant_type: 'refresh_token', refresh_token: narrowed.body.refresh_token });
    expect(full.body.scope).toBe('tweet.read tweet.write offline.access');

    await getPool().query("UPDATE platform.oauth_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [hashToken(full.body.refresh_token)]);
    expectOAuthError(await tokenCall({ grant_type: 'refresh_token', refresh_token: full.body.refresh_token }), 400, 'invalid_grant');
  });

  it('without offline.access there is no refresh token', async () => {
    const user = await createPlatformUser('of');
    const { code, verifier } = await authorizationCode(user.id, { scope: 'tweet.read' });
    const result = await tokenCall({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
    expect(result.status).toBe(200);
    expect(result.body.refresh_token).toBeUndefined();
  });

  it('an expired access token is reported as expired, not revoked', async () => {
    const user = await createPlatformUser('ex');
    const { code, verifier } = await authorizationCode(user.id);
    const tokens = await redeem(code, verifier);
    await getPool().query("UPDATE platform.oauth_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [hashToken(tokens.access_token)]);
    expect(await verifyAccessToken(tokens.access_token)).toEqual({ ok: false, reason: 'expired' });
  });
});

describe('revoke endpoint (RFC 7009)', () => {
  it('revoking the refresh token ends the whole grant; revoking an access token ends only it', async () => {
    const user = await createPlatformUser('rv');
    const a = await authorizationCode(user.id);
    const tokens = await redeem(a.code, a.verifier);
    const revoked = await revokeCall({ token: tokens.refresh_token, token_type_hint: 'refresh_token' });
    expect({ status: revoked.status, body: revoked.body }).toEqual({ status: 200, body: null });
    expect(await verifyAccessToken(tokens.access_token)).toEqual({ ok: false, reason: 'revoked' });
    expectOAuthError(await tokenCall({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }), 400, 'invalid_grant');

    const b = await authorizationCode(user.id);
    const other = await redeem(b.code, b.verifier);
    expect((await revokeCall({ token: other.access_token })).status).toBe(200);
    expect(await verifyAccessToken(other.access_token)).toEqual({ ok: false, reason: 'revoked' });
    const renewed = await tokenCall({ grant_type: 'refresh_token', refresh_token: other.refresh_token });
    expect(renewed.status).toBe(200);
  });

  it('an unknown token is 200 too; a client must authenticate; the token is required', async () => {
    expect((await revokeCall({ token: 'prt_unknown' })).status).toBe(200);
    expectOAuthError(await revokeCall({ token: 'prt_unknown' }, basic(undefined, 'wrong')), 401, 'invalid_client');
    expectOAuthError(await revokeCall({}), 400, 'invalid_request');
  });
});
