import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InsufficientCreditsError, Perch } from '@perch/client';
import { dispatch } from '@/lib/api/dispatch';
import { buildOpenApiDocument } from '@/lib/api/openapi';
import { ROUTED_OPERATIONS } from '@/lib/api/registry';
import { apiRequest, callApi, createApiAccount, expectLedgersBalanced, readAnswer, type ApiAccount, type ApiAnswer } from '../support/api-client';
import { expectError, expectSuccess } from '../support/api-records';
import { userWithMost } from '../support/api-subjects';

// Issue 31, item 4: RateLimit-Policy and RateLimit (draft-ietf-httpapi-ratelimit-headers-11)
// beside X-RateLimit-*, and Perch-Credits-Remaining, on every answer to a key, errors included.

const POLICY = /^"default";q=(\d+);w=1$/;
const STATE = /^"default";r=(\d+);t=(\d+)$/;

let username: string;
let account: ApiAccount;
const LIMIT = 1_000;

beforeAll(async () => {
  username = await userWithMost.tweets();
  account = await createApiAccount({ label: 'rlheaders', rateLimit: LIMIT, credits: 10_000 });
});

afterAll(async () => {
  await expectLedgersBalanced();
});

/** Both vocabularies present and saying the same thing about the key's limit of `limit` per second. */
function expectRateFields(answer: ApiAnswer, limit: number): void {
  const policy = POLICY.exec(answer.headers.get('ratelimit-policy') ?? '');
  const state = STATE.exec(answer.headers.get('ratelimit') ?? '');
  expect(policy, `RateLimit-Policy ${answer.headers.get('ratelimit-policy')}`).not.toBeNull();
  expect(state, `RateLimit ${answer.headers.get('ratelimit')}`).not.toBeNull();
  expect(Number(policy![1])).toBe(limit);
  expect(answer.headers.get('x-ratelimit-limit')).toBe(String(limit));
  expect(state![1]).toBe(answer.headers.get('x-ratelimit-remaining'));
  // t: the one-second window's end, rounded up (a refusal's Retry-After); X-RateLimit-Reset is
  // that end in Unix seconds, rounded up too.
  const seconds = Number(state![2]);
  expect(seconds).toBeGreaterThanOrEqual(0);
  expect(seconds).toBeLessThanOrEqual(1);
  if (answer.status === 429) expect(String(seconds)).toBe(answer.headers.get('retry-after'));
  const reset = Number(answer.headers.get('x-ratelimit-reset'));
  const now = Date.now() / 1000;
  expect(reset).toBeGreaterThanOrEqual(Math.floor(now) - 1);
  expect(reset).toBeLessThanOrEqual(now + seconds + 1);
}

/** Perch-Credits-Remaining is the account's balance (nothing else spends it meanwhile). */
async function expectCreditsHeader(answer: ApiAnswer, owner: ApiAccount): Promise<number> {
  const header = answer.headers.get('perch-credits-remaining');
  expect(header, 'Perch-Credits-Remaining').toMatch(/^\d+$/);
  expect(Number(header)).toBe(await owner.balance());
  return Number(header);
}

describe('on a success', () => {
  it('a paid call: the fields agree, and Perch-Credits-Remaining is meta.credits_remaining and the balance', async () => {
    const answer = await account.call('GET', `/v2/users/${username}`);
    expectSuccess(answer);
    expectRateFields(answer, LIMIT);
    expect(Number(answer.headers.get('ratelimit')!.match(/r=(\d+)/)![1])).toBeLessThan(LIMIT);
    expect(await expectCreditsHeader(answer, account)).toBe(answer.body.meta.credits_remaining);
  });

  it('a free call (GET /v2/account)', async () => {
    const answer = await account.call('GET', '/v2/account');
    expectSuccess(answer);
    expectRateFields(answer, LIMIT);
    expect(await expectCreditsHeader(answer, account)).toBe(answer.body.meta.credits_remaining);
  });

  it('the event stream (GET /v2/stream)', async () => {
    const streamer = await createApiAccount({ label: 'rlheaders', rateLimit: 50, credits: 500 });
    expectSuccess(await streamer.call('POST', '/v2/rules', { body: { tag: 'rl', query: 'ratelimitheaders' } }));
    const abort = new AbortController();
    const request = apiRequest('GET', '/v2/stream', { key: streamer.key });
    const response = await dispatch(new Request(request, { signal: abort.signal }));
    try {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const answer: ApiAnswer = { status: response.status, headers: response.headers, body: null, text: '' };
      expectRateFields(answer, 50);
      await expectCreditsHeader(answer, streamer);
    } finally {
      abort.abort();
      await response.body?.cancel().catch(() => undefined);
    }
  });
});

describe('on errors', () => {
  it('400 invalid_request', async () => {
    const answer = await account.call('GET', `/v2/users/${username}`, { query: { no_such_parameter: 1 } });
    expectError(answer, 400, 'invalid_request');
    expectRateFields(answer, LIMIT);
    await expectCreditsHeader(answer, account);
  });

  it('404 not_found, after the hold and for a path no operation serves', async () => {
    const missing = await account.call('GET', '/v2/users/nobody_zz_9q/tweets');
    expectError(missing, 404, 'not_found');
    expectRateFields(missing, LIMIT);
    await expectCreditsHeader(missing, account);
    const nowhere = await account.call('GET', '/v2/nowhere');
    expectError(nowhere, 404, 'not_found');
    expectRateFields(nowhere, LIMIT);
    await expectCreditsHeader(nowhere, account);
  });

  it('402 insufficient_credits, for an account with no credits and one with too few', async () => {
    for (const credits of [0, 17]) {
      const poor = await createApiAccount({ label: 'rlheaders', rateLimit: 7, credits });
      const answer = await poor.call('GET', `/v2/users/${username}`);
      expectError(answer, 402, 'insufficient_credits');
      expectRateFields(answer, 7);
      expect(await expectCreditsHeader(answer, poor)).toBe(credits);
      expect(answer.body.error.details.balance).toBe(credits);
    }
  });

  it('429 rate_limited: r is 0, the policy still says the limit, the balance is there', async () => {
    const limited = await createApiAccount({ label: 'rlheaders', rateLimit: 1, credits: 1_000 });
    // Rate 1 per second with a burst reserve of 1 more: of 6 calls at once, 4 are refused.
    const answers = await Promise.all(Array.from({ length: 6 }, () => limited.call('GET', '/v2/account')));
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(3);
    for (const answer of answers) expectRateFields(answer, 1);
    const balance = await limited.balance();
    for (const answer of refused) {
      expectError(answer, 429, 'rate_limited');
      expect(answer.headers.get('ratelimit')).toMatch(/^"default";r=0;t=\d+$/);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(answer.headers.get('perch-credits-remaining')).toBe(String(balance));
    }
  });

  it('401 has no key and no account: none of the headers', async () => {
    for (const answer of [await callApi('GET', '/v2/account'), await callApi('GET', '/v2/account', { key: `perch_${'C'.repeat(32)}` })]) {
      expectError(answer, 401, 'unauthorized');
      for (const name of ['ratelimit-policy', 'ratelimit', 'x-ratelimit-limit', 'perch-credits-remaining']) expect(answer.headers.get(name), name).toBeNull();
    }
  });
});

describe('the TypeScript client', () => {
  it('hands them over on its errors (error.headers); it has no rate-limit fields of its own', async () => {
    const poor = await createApiAccount({ label: 'rlheaders', rateLimit: 9, credits: 0 });
    const perch = new Perch({ apiKey: poor.key, baseUrl: 'http://perch.test', maxRetries: 0, fetch: async (url, init) => dispatch(new Request(url, init)) });
    const failure = await perch.getUser(username).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InsufficientCreditsError);
    const { headers } = failure as InsufficientCreditsError;
    const answer: ApiAnswer = await readAnswer(new Response('{}', { headers: headers! }));
    expectRateFields(answer, 9);
    expect(answer.headers.get('perch-credits-remaining')).toBe('0');
  });
});

describe('the OpenAPI document', () => {
  it('lists the headers on every response but the 401', () => {
    const document = buildOpenApiDocument(ROUTED_OPERATIONS) as any;
    expect(Object.keys(document.components.headers)).toEqual(
      expect.arrayContaining(['RateLimit-Policy', 'RateLimit', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Perch-Credits-Remaining']),
    );
    for (const [path, methods] of Object.entries(document.paths) as Array<[string, Record<string, any>]>) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const [status, response] of Object.entries(operation.responses) as Array<[string, any]>) {
          const names = Object.keys(response.headers ?? {});
          if (status === '401') expect(names, `${method} ${path} ${status}`).not.toContain('RateLimit');
          else expect(names, `${method} ${path} ${status}`).toEqual(expect.arrayContaining(['RateLimit-Policy', 'RateLimit', 'Perch-Credits-Remaining']));
        }
      }
    }
  });
});
