import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '@/lib/api/dispatch';
import {
  AuthenticationError,
  InsufficientCreditsError,
  KeyLimitReachedError,
  PaymentRequiredError,
  Perch,
  RateLimitError,
  TooManyFailedAuthenticationsError,
  type FetchLike,
} from '@perch/client';
import { getPool } from '@/lib/db/pool';
import { generateApiKey } from '@/lib/keys';
import { FAILED_AUTH_MAX_FAILURES } from '@/lib/ratelimit/failed-auth-limiter';
import { createApiAccount, expectLedgersBalanced } from '../support/api-client';

// The client's errors for key problems, against the real dispatch (in process, through a fetch
// that hands each request to it, adding the client address the HTTP server would).

let username: string;
let attempts = 0;
const address = `203.0.113.${crypto.randomInt(1, 255)}`;

const throughDispatch: FetchLike = async (url, init) => {
  attempts += 1;
  const headers = new Headers(init?.headers);
  headers.set('x-forwarded-for', address);
  return dispatch(new Request(url, { ...init, headers }));
};

function client(apiKey: string): Perch {
  return new Perch({ apiKey, baseUrl: 'http://perch.test', fetch: throughDispatch });
}

beforeAll(async () => {
  const { rows } = await getPool().query<{ username: string }>('SELECT username FROM platform.users ORDER BY id LIMIT 1');
  username = rows[0].username;
});

afterAll(() => expectLedgersBalanced());

describe('client errors for key problems', () => {
  it('key_limit_reached is a KeyLimitReachedError, not an InsufficientCreditsError; both are PaymentRequiredErrors', async () => {
    const limited = await createApiAccount({ label: 'client-limit', creditLimit: 10 });
    const error = await client(limited.key)
      .getUser(username)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KeyLimitReachedError);
    expect(error).toBeInstanceOf(PaymentRequiredError);
    expect(error).not.toBeInstanceOf(InsufficientCreditsError);
    expect(error).toMatchObject({ status: 402, code: 'key_limit_reached' });

    const poor = await createApiAccount({ label: 'client-poor', credits: 0 });
    const broke = await client(poor.key)
      .getUser(username)
      .catch((e: unknown) => e);
    expect(broke).toBeInstanceOf(InsufficientCreditsError);
    expect(broke).toBeInstanceOf(PaymentRequiredError);
    expect(broke).not.toBeInstanceOf(KeyLimitReachedError);
    expect((broke as InsufficientCreditsError).required).toBe(18);
  });

  it('too_many_failed_authentications is an AuthenticationError with retryAfter, not retried', async () => {
    for (let i = 0; i < FAILED_AUTH_MAX_FAILURES; i++) {
      await expect(client(generateApiKey()).getAccount()).rejects.toBeInstanceOf(AuthenticationError);
    }
    attempts = 0;
    const error = await client(generateApiKey())
      .getAccount()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooManyFailedAuthenticationsError);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).not.toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, code: 'too_many_failed_authentications' });
    expect((error as TooManyFailedAuthenticationsError).retryAfter).toBeGreaterThanOrEqual(1);
    // Waiting would not make the key right: one attempt, no retries.
    expect(attempts).toBe(1);
  });
});
