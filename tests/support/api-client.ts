import { expect } from 'vitest';
import { connectAccountDirectly } from '@/lib/admin/connect-account';
import { dispatch } from '@/lib/api/dispatch';
import { checkLedger, getBalance, grantCredits } from '@/lib/credits';
import { issueKey } from '@/lib/keys';
import { flushMetering } from '@/lib/metering/meter';
import type { KeyScope } from '@/lib/keys';
import { createTestUser } from './account-fixtures';

// Calls /v2 the way a client does: a Web Request with a real key through dispatch, no
// shortcuts past authentication, rate limiting or credits.

export const API_ORIGIN = 'http://perch.test';

/** What an answer looks like to a test: status, headers and the parsed JSON body. */
export type ApiAnswer = {
  status: number;
  headers: Headers;
  // Whatever JSON the API sent: tests assert its shape, so it is left untyped on purpose.
  body: any;
  text: string;
};

export type CallOptions = {
  /** Query parameters; values are sent as given (strings) or stringified. */
  query?: Record<string, string | number | boolean>;
  /** A JSON body (serialized) or a raw string/bytes body sent as is. */
  body?: unknown;
  rawBody?: string | Uint8Array;
  headers?: Record<string, string>;
  /** The Authorization header's key; null sends none. */
  key?: string | null;
};

/** Builds the Request a client would send. */
export function apiRequest(method: string, path: string, options: CallOptions = {}): Request {
  const url = new URL(path, API_ORIGIN);
  for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.append(name, String(value));
  const headers = new Headers(options.headers);
  if (options.key && !headers.has('authorization')) headers.set('authorization', `Bearer ${options.key}`);
  let body: string | Uint8Array | undefined = options.rawBody;
  if (body === undefined && options.body !== undefined) body = JSON.stringify(options.body);
  // The API takes JSON bodies only (415 otherwise); a test of another type says so in headers.
  if (body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
  return new Request(url, { method, headers, body: body as BodyInit | undefined });
}

/** Turns a Response into an ApiAnswer, insisting that the body is JSON (contract section 1). */
export async function readAnswer(response: Response): Promise<ApiAnswer> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`response ${response.status} is not JSON: ${text.slice(0, 200)}`);
  }
  return { status: response.status, headers: response.headers, body, text };
}

/** One call through dispatch. */
export async function callApi(method: string, path: string, options: CallOptions = {}): Promise<ApiAnswer> {
  return readAnswer(await dispatch(apiRequest(method, path, options)));
}

export type ApiAccount = {
  userId: string;
  keyId: string;
  key: string;
  call(method: string, path: string, options?: Omit<CallOptions, 'key'>): Promise<ApiAnswer>;
  balance(): Promise<number>;
};

export type AccountOptions = {
  credits?: number;
  scopes?: KeyScope[];
  creditLimit?: number;
  rateLimit?: number;
  expiresAt?: Date;
  /** A platform username to connect, so that writes act as it. */
  connect?: string;
  label?: string;
};

const accounts: string[] = [];

/** A Perch account with credits and one key, ready to call the API. */
export async function createApiAccount(options: AccountOptions = {}): Promise<ApiAccount> {
  const userId = await createTestUser(options.label ?? 'api');
  accounts.push(userId);
  if ((options.credits ?? 1_000_000) > 0) await grantCredits(userId, options.credits ?? 1_000_000, 'api test grant');
  const issued = await issueKey({
    userId,
    name: 'api test key',
    scopes: options.scopes ?? ['read', 'write'],
    creditLimit: options.creditLimit,
    rateLimit: options.rateLimit ?? 100_000,
    expiresAt: options.expiresAt,
  });
  if (options.connect) await connectAccountDirectly(userId, options.connect);
  return {
    userId,
    keyId: issued.id,
    key: issued.key,
    call: (method, path, callOptions = {}) => callApi(method, path, { ...callOptions, key: issued.key }),
    // Usage is written behind (lib/metering): flush it first, so the balance includes every call answered.
    balance: async () => {
      await flushMetering();
      return getBalance(userId);
    },
  };
}

/** Every account this test file made keeps balance = grants − usage − open holds, per key too. */
export async function expectLedgersBalanced(): Promise<void> {
  await flushMetering();
  for (const userId of accounts) {
    const report = await checkLedger(userId);
    expect({ userId, ...report }).toEqual({ userId, ...report, ok: true, keysOk: true, holds: 0 });
  }
}
