import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '@/lib/api/dispatch';
import { getPool } from '@/lib/db/pool';
import { API_ORIGIN, createApiAccount, expectLedgersBalanced, readAnswer, type ApiAccount, type ApiAnswer } from '../support/api-client';
import { NASTY_STRINGS, fuzzRequestOf, inputKeys, type FuzzRequest, type FuzzSeeds } from '../support/api-fuzz-inputs';
import { CONTRACT_OPERATIONS, paramOf, type ContractOperation } from '../support/api-operations';
import { META_FIELDS } from '../support/api-records';
import { createFixtureUsers } from '../support/platform-fixtures';

// Contract: nothing a user sends reaches a 500. Random methods, paths, query strings, bodies
// and headers go through dispatch with a valid read+write key on a connected account; every
// answer must be a 2xx or 4xx in the contract's envelope.

let account: ApiAccount;
let seeds: FuzzSeeds;

beforeAll(async () => {
  const pool = getPool();
  const ids = async (sql: string) => (await pool.query<{ v: string }>(sql)).rows.map((r) => r.v);
  const [writer] = await createFixtureUsers(pool, 1);
  account = await createApiAccount({ label: 'fuzz', credits: 100_000_000, connect: writer.username });
  seeds = {
    usernames: [...(await ids('SELECT username AS v FROM platform.users ORDER BY followers_count DESC LIMIT 5')), writer.username],
    tweetIds: await ids('SELECT id::text AS v FROM platform.tweets ORDER BY reply_count DESC LIMIT 5'),
    listIds: await ids('SELECT id::text AS v FROM platform.lists LIMIT 3'),
    communityIds: await ids('SELECT id::text AS v FROM platform.communities LIMIT 3'),
  };
});

afterAll(async () => {
  await expectLedgersBalanced();
});

function toRequest(request: FuzzRequest): Request | null {
  let url: URL;
  try {
    // Appended to the origin, not resolved against it: a path such as `/\\x@y` would otherwise
    // be read as another authority (with credentials), which no client sends as a path.
    url = new URL(API_ORIGIN + request.path);
  } catch {
    return null; // not a URL any HTTP client could send
  }
  if (url.origin !== API_ORIGIN) return null;
  for (const [key, value] of request.query) url.searchParams.append(key, value);
  const headers = new Headers({ authorization: `Bearer ${account.key}` });
  for (const [name, value] of Object.entries(request.headers)) headers.set(name, value);
  return new Request(url, { method: request.method, headers, body: request.body });
}

/** The contract's envelope (section 1), whatever the status. */
function expectContractShape(answer: ApiAnswer, request: Request): void {
  const where = `${request.method} ${request.url} → ${answer.status} ${answer.text.slice(0, 300)}`;
  expect(answer.status >= 200 && answer.status < 500 && (answer.status < 300 || answer.status >= 400), where).toBe(true);
  expect(answer.headers.get('x-request-id'), where).toMatch(/^req_/);
  if (new URL(request.url).pathname === '/v2/openapi.json' && request.method === 'GET') return;
  const { body } = answer;
  if (answer.status < 300) {
    expect(Object.keys(body).sort(), where).toEqual(['data', 'meta']);
    for (const field of META_FIELDS) expect(body.meta, where).toHaveProperty(field);
    expect(typeof body.data === 'object' && body.data !== null, where).toBe(true);
    return;
  }
  expect(Object.keys(body).sort(), where).toEqual(['error', 'meta']);
  expect(Object.keys(body.error).filter((k) => !['code', 'message', 'details'].includes(k)), where).toEqual([]);
  expect(typeof body.error.code === 'string' && typeof body.error.message === 'string', where).toBe(true);
  expect(Object.keys(body.meta).sort(), where).toEqual(['latency_ms', 'request_id']);
  expect(body.error.code, where).not.toBe('internal_error');
}

/** Inputs that make a call to the operation valid, so that one changed field is what gets tested. */
function baseInputs(operation: ContractOperation): Record<string, unknown> {
  const [user, other] = seeds.usernames;
  const [tweet] = seeds.tweetIds;
  const bases: Record<string, Record<string, unknown>> = {
    searchTweets: { query: 'hello' },
    searchUsers: { query: 'hello' },
    checkFollow: { source: user, target: other },
    checkRetweet: { username: user },
    checkLike: { username: user },
    getUsersBatch: { usernames: [user] },
    getTweetsBatch: { ids: [tweet] },
    createTweet: { text: 'hello' },
    replyToTweet: { tweet_id: tweet, text: 'hello' },
    quoteTweet: { quoted_tweet_id: tweet, text: 'hello' },
  };
  return bases[operation.id] ?? {};
}

function realParam(operation: ContractOperation): string {
  const kind = paramOf(operation);
  if (kind === 'username') return seeds.usernames[1];
  if (kind === 'listId') return seeds.listIds[0];
  if (kind === 'communityId') return seeds.communityIds[0];
  return seeds.tweetIds[0];
}

async function sendInputs(operation: ContractOperation, param: string, inputs: Record<string, unknown>): Promise<void> {
  const url = new URL(operation.path.replace(/\{\w+\}/, param), API_ORIGIN);
  if (operation.method !== 'POST') for (const [key, value] of Object.entries(inputs)) url.searchParams.append(key, String(value));
  const request = new Request(url, {
    method: operation.method,
    headers: { authorization: `Bearer ${account.key}`, 'content-type': 'application/json' },
    body: operation.method === 'POST' ? JSON.stringify(inputs) : undefined,
  });
  expectContractShape(await readAnswer(await dispatch(request.clone())), request);
}

describe('no input reaches a 500', () => {
  it('hostile strings in every input of every operation, the rest valid', { timeout: 180_000 }, async () => {
    const tried = new Set<string>();
    for (const operation of CONTRACT_OPERATIONS) {
      for (const key of inputKeys(operation.id)) {
        // Shared fields (count, cursor, sort, max_credits) run through one schema: once per method is enough.
        const shared = ['count', 'cursor', 'sort', 'max_credits'].includes(key) ? `${operation.method} ${key}` : `${operation.id} ${key}`;
        if (tried.has(shared)) continue;
        tried.add(shared);
        for (const nasty of NASTY_STRINGS) {
          await sendInputs(operation, realParam(operation), { ...baseInputs(operation), [key]: key === 'usernames' || key === 'ids' ? [nasty] : nasty });
        }
      }
      if (paramOf(operation)) {
        for (const nasty of NASTY_STRINGS) {
          let segment: string;
          try {
            segment = encodeURIComponent(nasty);
          } catch {
            continue;
          }
          await sendInputs(operation, segment, baseInputs(operation));
        }
      }
    }
  });

  it('random requests get a contract-shaped 2xx or 4xx', { timeout: 180_000 }, async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fuzzRequestOf(seeds), async (input) => {
        const request = toRequest(input);
        if (!request) return;
        const answer = await readAnswer(await dispatch(request.clone()));
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        expectContractShape(answer, request);
      }),
      { numRuns: Number(process.env.PERCH_FUZZ_RUNS ?? 600) },
    );
    if (process.env.PERCH_FUZZ_STATS) console.log(JSON.stringify(Object.fromEntries(statuses)));
    // Some requests got through validation to the handlers, not just 400s.
    expect(statuses.get(200) ?? 0, JSON.stringify(Object.fromEntries(statuses))).toBeGreaterThan(10);
  });
});
