import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveXConnection } from '@/lib/connections/x-connection';
import { setServedPlatforms } from '@/lib/platform/served-platforms';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { expectCharged, expectNothingCharged, measuredCall, PRICE } from '../support/api-charges';
import { expectError, expectSuccess } from '../support/api-records';
import { startFakeX, type FakeX } from '../support/fake-x-api';
import { X_IDS as I, xPlatforms, xWorld } from '../support/x-world';

// How X's failures reach a Perch user, through twitter-api-v2 against the fake X API: its 429
// with x-rate-limit-reset, 5xx problems, an API that never answers, a 404 problem; and the
// upstream cache in front of it.

let fake: FakeX;
let account: ApiAccount;

beforeAll(async () => {
  fake = await startFakeX(xWorld());
  setServedPlatforms(xPlatforms(fake, { timeoutMs: 500, cacheTtlSeconds: 30 }));
  account = await createApiAccount({ label: 'x-errors' });
});

afterAll(async () => {
  setServedPlatforms(null);
  await fake?.close();
  await expectLedgersBalanced();
});

describe('X failures as Perch errors, none charged', () => {
  it("X's 429 is a 429 with Retry-After until x-rate-limit-reset", async () => {
    fake.faults.set('/2/users/by/username/limited', { kind: 'rate_limit', resetIn: 42 });
    const answer = await measuredCall(account, 'GET', '/v2/users/limited');
    expectError(answer, 429, 'rate_limited');
    const retryAfter = Number(answer.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(40);
    expect(retryAfter).toBeLessThanOrEqual(42);
    expect(answer.body.error.message).toMatch(/X is rate-limiting/);
    expectNothingCharged(answer);
  });

  it('an X 5xx is a 503 unavailable', async () => {
    fake.faults.set('/2/users/by/username/broken', { kind: 'server_error', status: 503 });
    const answer = await measuredCall(account, 'GET', '/v2/users/broken');
    expectError(answer, 503, 'unavailable');
    expect(answer.body.error.message).toMatch(/^X is unavailable right now \(upstream status 503\)/);
    expectNothingCharged(answer);
  });

  it('an X that never answers is a 503 after the timeout, not a hung request', async () => {
    fake.faults.set('/2/users/by/username/slow', { kind: 'hang' });
    const answer = await measuredCall(account, 'GET', '/v2/users/slow');
    expectError(answer, 503, 'unavailable');
    expect(answer.body.error.message).toMatch(/did not answer in time/);
    expectNothingCharged(answer);
  });

  it("a 404 and X's Not Found Error problem are 404s", async () => {
    fake.faults.set(`/2/tweets/${I.second}/quote_tweets`, { kind: 'not_found_status' });
    const status = await measuredCall(account, 'GET', `/v2/tweets/${I.second}/quotes`);
    expectError(status, 404, 'not_found');
    expectNothingCharged(status);
    const problem = await measuredCall(account, 'GET', '/v2/tweets/1799999999999999999');
    expectError(problem, 404, 'not_found');
    expectNothingCharged(problem);
  });

  it('a rate-limited write is a 429 too, and charges nothing', async () => {
    const writer = await createApiAccount({ label: 'x-errors-writer' });
    await saveXConnection(writer.userId, { id: I.bob, username: 'bob' }, { ...fake.issueUserToken(I.bob), expiresIn: 7200, scope: ['tweet.write', 'like.write', 'follows.write'] });
    fake.faults.set(`/2/users/${I.bob}/likes`, { kind: 'rate_limit', resetIn: 10 });
    const answer = await measuredCall(writer, 'POST', `/v2/tweets/${I.media}/like`);
    expectError(answer, 429, 'rate_limited');
    expectNothingCharged(answer);
    expect(fake.world.likes).not.toContainEqual([I.bob, I.media]);
  });
});

describe('the upstream cache', () => {
  it('answers an identical read within the TTL without calling X; meta says so; both calls are charged', async () => {
    const before = fake.calls.length;
    const first = await measuredCall(account, 'GET', '/v2/users/carol');
    expectSuccess(first);
    expect(first.body.meta.cached).toBe(false);
    const second = await measuredCall(account, 'GET', '/v2/users/carol');
    expect(second.body.meta.cached).toBe(true);
    expect(second.body.data).toEqual(first.body.data);
    expectCharged(second, PRICE.profile);
    expect(fake.calls.length - before).toBe(1);
  });
});
