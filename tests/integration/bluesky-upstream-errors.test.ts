import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServedPlatforms, setServedPlatforms } from '@/lib/platform/served-platforms';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { expectCharged, expectNothingCharged, measuredCall, PRICE } from '../support/api-charges';
import { expectError, expectSuccess } from '../support/api-records';

// How Bluesky's failures reach a Perch user. A real AppView cannot be made to rate-limit, fail
// or hang on demand, so this one is a stand-in answering XRPC's documented shapes: errors as
// {error, message} with the HTTP status, rate limits with RateLimit-* headers (reset in Unix seconds).

const DID = 'did:plc:ewvi7nxzyoun6zhxrhs64oiz';
let upstream: http.Server;
let calls = 0;
let account: ApiAccount;

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
    return send(200, profile(actor ?? 'okay.test'));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  setServedPlatforms(
    createServedPlatforms({
      defaultPlatform: 'bluesky',
      platforms: ['bluesky'],
      bluesky: { appViewUrl: url, serviceUrl: url, serviceAccount: null, timeoutMs: 500, stream: { kind: 'firehose', url } },
      x: null,
      cacheTtlSeconds: 30,
    }),
  );
  account = await createApiAccount({ label: 'bluesky-errors' });
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
