import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BlueskySettings } from '@/lib/platform/platform-config';
import { createServedPlatforms, setServedPlatforms } from '@/lib/platform/served-platforms';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { expectCharged, expectNothingCharged, measuredCall, PRICE } from '../support/api-charges';
import { expectError, expectSuccess } from '../support/api-records';
import { captureLogs } from '../support/log-capture';

// How Bluesky's failures reach a Perch user. A real AppView cannot be made to rate-limit, fail
// or hang on demand, so this one is a stand-in answering XRPC's documented shapes: errors as
// {error, message} with the HTTP status, rate limits with RateLimit-* headers (reset in Unix seconds).

const DID = 'did:plc:ewvi7nxzyoun6zhxrhs64oiz';
let upstream: http.Server;
let calls = 0;
let account: ApiAccount;
let upstreamUrl: string;

/** Perch serving Bluesky from the stand-in, with or without a service account. */
function serveBluesky(serviceAccount: BlueskySettings['serviceAccount'] = null): void {
  setServedPlatforms(
    createServedPlatforms({
      defaultPlatform: 'bluesky',
      platforms: ['bluesky'],
      bluesky: { appViewUrl: upstreamUrl, serviceUrl: upstreamUrl, serviceAccount, timeoutMs: 500, stream: { kind: 'firehose', url: upstreamUrl } },
      x: null,
      cacheTtlSeconds: 30,
    }),
  );
}

/** The log watched (and kept quiet) for one test; its error records are returned as `[component] msg`. */
function watchErrorLog(): () => string[] {
  const { records } = captureLogs();
  return () => records().filter((record) => record.level >= 50).map((record) => `[${record.component}] ${record.msg}`);
}

function profile(handle: string) {
  return { did: DID, handle, displayName: 'Okay', followersCount: 1, followsCount: 2, postsCount: 3, createdAt: '2024-01-02T03:04:05.000Z' };
}

beforeAll(async () => {
  upstream = http.createServer((request, response) => {
    calls += 1;
    const url = new URL(request.url ?? '/', 'http://upstream');
    const actor = url.searchParams.get('actor');
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };
    // The service account's password no longer logs in.
    if (url.pathname === '/xrpc/com.atproto.server.createSession') return send(401, { error: 'AuthenticationRequired', message: 'Invalid identifier or password' });
    if (url.pathname !== '/xrpc/app.bsky.actor.getProfile') return send(404, { error: 'MethodNotImplemented', message: 'Method Not Implemented' });
    if (actor === 'limited.test') {
      const reset = Math.floor(Date.now() / 1000) + 42;
      return send(
        429,
        { error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' },
        { 'ratelimit-limit': '3000', 'ratelimit-remaining': '0', 'ratelimit-reset': String(reset), 'ratelimit-policy': '3000;w=300' },
      );
    }
    if (actor === 'broken.test') return send(502, { error: 'UpstreamFailure', message: 'Upstream Failure' });
    if (actor === 'slow.test') return; // never answers
    if (actor === 'gone.test') return send(400, { error: 'InvalidRequest', message: 'Profile not found' });
    if (actor === 'refused.test') return send(400, { error: 'InvalidRequest', message: 'Error: actor must be a valid did or a handle' });
    if (actor === 'unprocessable.test') return send(422, { error: 'InvalidRequest', message: 'Input/actor is not processable' });
    if (actor === 'locked-out.test') return send(401, { error: 'AuthMissing', message: 'Authentication Required' });
    return send(200, profile(actor ?? 'okay.test'));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  serveBluesky();
  account = await createApiAccount({ label: 'bluesky-errors' });
});

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  setServedPlatforms(null);
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
  await expectLedgersBalanced();
});

describe('Bluesky failures as Perch errors, none charged', () => {
  it("the upstream's 429 is a 429 with Retry-After until its reset", async () => {
    const answer = await measuredCall(account, 'GET', '/v2/users/limited.test');
    expectError(answer, 429, 'rate_limited');
    const retryAfter = Number(answer.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(40);
    expect(retryAfter).toBeLessThanOrEqual(42);
    expectNothingCharged(answer);
  });

  it('an upstream 5xx is a 503 unavailable', async () => {
    const answer = await measuredCall(account, 'GET', '/v2/users/broken.test');
    expectError(answer, 503, 'unavailable');
    expect(answer.body.error.message).toMatch(/Bluesky/);
    expectNothingCharged(answer);
  });

  it('an upstream that never answers is a 503 after the timeout, not a hung request', async () => {
    const answer = await measuredCall(account, 'GET', '/v2/users/slow.test');
    expectError(answer, 503, 'unavailable');
    expect(answer.body.error.message).toMatch(/did not answer in time/);
    expectNothingCharged(answer);
  });

  it("the upstream's not found is a 404", async () => {
    const answer = await measuredCall(account, 'GET', '/v2/users/gone.test');
    expectError(answer, 404, 'not_found');
    expectNothingCharged(answer);
  });

  it("an upstream 400 or 422 is a 502 upstream_error with the upstream's message", async () => {
    for (const [handle, message] of [
      ['refused.test', 'Error: actor must be a valid did or a handle'],
      ['unprocessable.test', 'Input/actor is not processable'],
    ] as const) {
      const answer = await measuredCall(account, 'GET', `/v2/users/${handle}`);
      expectError(answer, 502, 'upstream_error');
      // @atproto/xrpc reports every 4xx it has no name for (422 among them) as 400.
      expect(answer.body.error.message).toBe(`Bluesky refused the request (400 InvalidRequest): ${message}`);
      expect(answer.headers.get('retry-after')).toBeNull();
      expectNothingCharged(answer);
    }
  });

  it("the AppView refusing Perch (401) is a 503, and the operator's line is written once, not per request", async () => {
    const logged = watchErrorLog();
    for (let call = 0; call < 3; call += 1) {
      const answer = await measuredCall(account, 'GET', '/v2/users/locked-out.test');
      expectError(answer, 503, 'unavailable');
      expect(answer.body.error.message).toMatch(/refusing Perch's own access .*401/);
      expectNothingCharged(answer);
    }
    const lines = logged().filter((line) => line.startsWith('[bluesky]'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`the AppView at ${upstreamUrl} was refused (401 AuthMissing: Authentication Required)`);
    expect(lines[0]).toContain('PERCH_BLUESKY_APPVIEW_URL');
  });

  it("the service account's session refused (401) is a 503 naming nothing secret to callers, and one line naming the settings", async () => {
    serveBluesky({ identifier: 'perch.test', password: 'revoked-app-password' });
    try {
      const logged = watchErrorLog();
      for (let call = 0; call < 2; call += 1) {
        const answer = await measuredCall(account, 'POST', '/v2/search', { body: { query: 'perch' } });
        expectError(answer, 503, 'unavailable');
        expect(answer.body.error.message).not.toContain('PERCH_BLUESKY');
        expectNothingCharged(answer);
      }
      const lines = logged().filter((line) => line.startsWith('[bluesky]'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain("Perch's service account perch.test");
      expect(lines[0]).toContain('(401 AuthenticationRequired: Invalid identifier or password)');
      expect(lines[0]).toContain('PERCH_BLUESKY_IDENTIFIER / PERCH_BLUESKY_APP_PASSWORD');
      expect(lines[0]).not.toContain('revoked-app-password');
    } finally {
      serveBluesky();
    }
  });
});

describe('the upstream cache', () => {
  it('answers an identical read within the TTL without calling the upstream; meta says so; both calls are charged', async () => {
    const before = calls;
    const first = await measuredCall(account, 'GET', '/v2/users/okay.test');
    expectSuccess(first);
    expect(first.body.meta.cached).toBe(false);
    expectCharged(first, PRICE.profile);
    const second = await measuredCall(account, 'GET', '/v2/users/OKAY.test');
    expectSuccess(second);
    expect(second.body.meta.cached).toBe(true);
    expect(second.body.data).toEqual(first.body.data);
    expectCharged(second, PRICE.profile);
    expect(calls - before).toBe(1);
  });
});
