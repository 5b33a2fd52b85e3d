import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { OPERATIONS } from '@/lib/api/registry';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { PRICE, expectNothingCharged, measuredCall, type MeasuredAnswer } from '../support/api-charges';
import { CONTRACT_OPERATIONS, paramOf, pathOf, type ContractOperation, type ParamKind } from '../support/api-operations';
import { expectError, expectInvalid } from '../support/api-records';
import { MISSING_ID, MISSING_USERNAME } from '../support/api-subjects';

// Each operation's documented 4xx (contract sections 1 and 7): bad path syntax 400, unknown
// subject 404, count out of range 400, bad sort 400, unknown parameter 400. None charges.

let account: ApiAccount;
let existingUsername: string;

beforeAll(async () => {
  const { rows } = await getPool().query<{ username: string }>('SELECT username FROM platform.users ORDER BY id LIMIT 2');
  existingUsername = rows[1].username;
  // Connected, so that write operations and checks get past "who am I" to the input itself.
  account = await createApiAccount({ label: 'errors', connect: rows[0].username });
});

afterAll(async () => {
  await expectLedgersBalanced();
});

/** Inputs that make a call valid apart from what a test changes. */
function validInputs(operation: ContractOperation): Record<string, unknown> {
  switch (operation.id) {
    case 'searchTweets':
    case 'searchUsers':
      return { query: 'hello' };
    case 'checkFollow':
      return { target: existingUsername };
    case 'createTweet':
      return { text: 'hello' };
    case 'replyToTweet':
      return { tweet_id: '1', text: 'hello' };
    case 'quoteTweet':
      return { quoted_tweet_id: '1', text: 'hello' };
    case 'getUsersBatch':
      return { usernames: [existingUsername] };
    case 'getTweetsBatch':
      return { ids: ['1'] };
    default:
      return {};
  }
}

const VALID_PARAM: Record<ParamKind, string> = { username: 'someone', tweetId: '1', listId: '1', communityId: '1' };
const BAD_PARAMS: Record<ParamKind, string[]> = {
  username: ['bad-name', 'a'.repeat(16), 'émile', '@@two'],
  tweetId: ['abc', '12a', '1'.repeat(20), '-1', '1.5'],
  listId: ['abc', '1'.repeat(20)],
  communityId: ['x1', '1'.repeat(20)],
};
const MISSING_PARAM: Record<ParamKind, string> = { username: MISSING_USERNAME, tweetId: MISSING_ID, listId: MISSING_ID, communityId: MISSING_ID };

async function send(operation: ContractOperation, param: string | undefined, extra: Record<string, unknown> = {}): Promise<MeasuredAnswer> {
  const path = param === undefined ? operation.path : pathOf(operation, param);
  const inputs = { ...validInputs(operation), ...extra };
  return operation.method === 'POST'
    ? measuredCall(account, operation.method, path, { body: inputs })
    : measuredCall(account, operation.method, path, { query: inputs as Record<string, string | number> });
}

describe('the registry', () => {
  it('has exactly the contract’s 39 operations, methods, paths and prices, then only free real-time, event-list, export and usage ones', () => {
    const registry = OPERATIONS.slice(0, 39).map((o) => ({ id: o.id, method: o.method, path: o.path, credits: o.cost.credits }));
    const contract = CONTRACT_OPERATIONS.map((o) => ({ id: o.id, method: o.method, path: o.path, credits: PRICE[o.unit] }));
    expect(registry).toEqual(contract);
    expect(contract).toHaveLength(39);
    // An export's pages are charged as they are written, at the exported operation's price; the operations themselves are free.
    const FREE_TAGS = ['Rules', 'Webhooks', 'Events', 'Exports', 'Usage'];
    expect(OPERATIONS.slice(39).map((o) => [FREE_TAGS.includes(o.tag), o.cost.credits])).toEqual(OPERATIONS.slice(39).map(() => [true, 0]));
    expect(OPERATIONS.slice(39).filter((o) => o.tag === 'Exports')).toHaveLength(6);
    expect(OPERATIONS.slice(39).filter((o) => o.tag === 'Events').map((o) => o.id)).toEqual(['listEvents']);
    expect(OPERATIONS.slice(39).filter((o) => o.tag === 'Usage').map((o) => o.id)).toEqual(['getUsage', 'listUsageEvents']);
  });
});

describe.each(CONTRACT_OPERATIONS.map((o) => [o.id, o] as const))('%s', (_id, operation) => {
  const param = paramOf(operation);

  if (param) {
    it(`is 400 naming ${param} for bad ${param} syntax`, async () => {
      for (const bad of BAD_PARAMS[param]) {
        const answer = await send(operation, bad);
        expectInvalid(answer, param);
        expectNothingCharged(answer);
      }
    });

    it(`is 404 for an unknown ${param}`, async () => {
      const answer = await send(operation, MISSING_PARAM[param]);
      expectError(answer, 404, 'not_found');
      expectNothingCharged(answer);
    });
  }

  const { maxCount } = operation;
  if (maxCount) {
    it(`is 400 for a count outside 1..${maxCount}`, async () => {
      for (const count of [0, maxCount + 1, -1, '1.5', 'ten', '']) {
        const answer = await send(operation, param && VALID_PARAM[param], { count });
        expectInvalid(answer, 'count');
        expectNothingCharged(answer);
      }
    });

    it('is 400 for a tampered cursor', async () => {
      const answer = await send(operation, param && VALID_PARAM[param], { cursor: 'eyJvIjoieCJ9.AAAAAAAAAAAAAAAAAAAAAA' });
      expectInvalid(answer, 'cursor');
      expectNothingCharged(answer);
    });
  }

  if (operation.sort) {
    it('is 400 for a sort outside its enum', async () => {
      const other = operation.sort === 'tweet' ? 'followers' : 'popular';
      for (const sort of ['random', other, 'LATEST']) {
        const answer = await send(operation, param && VALID_PARAM[param], { sort });
        expectInvalid(answer, 'sort');
        expectNothingCharged(answer);
      }
    });
  }

  it('is 400 naming an unknown parameter', async () => {
    const answer = await send(operation, param && VALID_PARAM[param], { cuont: 5 });
    expectInvalid(answer, 'cuont');
    expectNothingCharged(answer);
  });
});

describe('batch sizes', () => {
  it('take 1..100 usernames and ids with valid syntax', async () => {
    for (const [path, field, item, bad] of [
      ['/v2/users/batch', 'usernames', 'someone', 'not-a-name'],
      ['/v2/tweets/batch', 'ids', '1', 'abc'],
    ] as const) {
      for (const [value, at] of [
        [[], field],
        [Array.from({ length: 101 }, (_, i) => `${item}${i}`), field],
        [[item, bad], `${field}.1`],
        ['1', field],
      ] as const) {
        const answer = await measuredCall(account, 'POST', path, { body: { [field]: value } });
        expectInvalid(answer, at);
        expectNothingCharged(answer);
      }
    }
  });
});
