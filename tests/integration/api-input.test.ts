import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { PRICE, expectCharged, expectChargedPerItem, expectNothingCharged, measuredCall } from '../support/api-charges';
import { expectError, expectInvalid, expectSuccess } from '../support/api-records';
import { tweetWithMost, userWithMost } from '../support/api-subjects';

// Strict input (contract sections 1 and 7), cursors (section 4) and max_credits (section 3).

let account: ApiAccount;
let username: string;

beforeAll(async () => {
  account = await createApiAccount({ label: 'input' });
  username = await userWithMost.tweets();
});

afterAll(async () => {
  await expectLedgersBalanced();
});

describe('bodies', () => {
  it('malformed JSON, a non-object and invalid UTF-8 are 400, charging nothing', async () => {
    for (const rawBody of ['{"query":', '{query: "a"}', "{'query':'a'}", '[1,2]', '"text"', 'null', '42', new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])]) {
      const answer = await measuredCall(account, 'POST', '/v2/search', { rawBody, headers: { 'content-type': 'application/json' } });
      expectInvalid(answer, 'body');
      expectNothingCharged(answer);
    }
  });

  it('an unknown field is 400 naming it, next to the known ones', async () => {
    const answer = await measuredCall(account, 'POST', '/v2/search', { body: { query: 'a', cuont: 5, sortt: 'latest' } });
    expectInvalid(answer, 'cuont');
    expectInvalid(answer, 'sortt');
    expect(answer.body.error.message).toMatch(/cuont/);
    expectNothingCharged(answer);
  });

  it('a wrong-typed field is 400 naming it', async () => {
    for (const [field, value] of [
      ['count', '20x'],
      ['count', 20.5],
      ['count', true],
      ['query', 5],
      ['query', ['a']],
      ['cursor', 7],
      ['max_credits', 'lots'],
      ['include_retweets', 1],
      ['lang', 'english'],
    ] as const) {
      const body = { query: 'a', [field]: value };
      expectInvalid(await account.call('POST', '/v2/search', { body }), field);
    }
  });

  it('over 64 KiB is 413, streamed or declared; 64 KiB itself is read', async () => {
    const padding = (bytes: number) => JSON.stringify({ query: 'a', pad: 'x'.repeat(bytes - '{"query":"a","pad":""}'.length) });
    const over = await measuredCall(account, 'POST', '/v2/search', { rawBody: padding(64 * 1024 + 1), headers: { 'content-type': 'application/json' } });
    expectError(over, 413, 'payload_too_large');
    expectNothingCharged(over);
    const declared = await account.call('POST', '/v2/search', { rawBody: '{}', headers: { 'content-length': String(10 * 1024 * 1024) } });
    expectError(declared, 413, 'payload_too_large');
    const exact = await account.call('POST', '/v2/search', { rawBody: padding(64 * 1024), headers: { 'content-type': 'application/json' } });
    expectInvalid(exact, 'pad');
  });

  it('an empty body on a POST with required fields is a 400 naming them', async () => {
    expectInvalid(await account.call('POST', '/v2/search', { rawBody: '' }), 'query');
  });
});

describe('query strings', () => {
  it('an unknown query parameter is 400 naming it; a repeated one is 400 too', async () => {
    expectInvalid(await account.call('GET', `/v2/users/${username}/tweets`, { query: { cuont: 5 } }), 'cuont');
    expectInvalid(await account.call('GET', `/v2/users/${username}`, { query: { expand: 'all' } }), 'expand');
    expectInvalid(await account.call('GET', `/v2/users/${username}/tweets?count=5&count=6`), 'count');
  });

  it('percent-encoded values are decoded once', async () => {
    const answer = await account.call('GET', `/v2/users/%40${username}`);
    expectSuccess(answer);
    expect(answer.body.data.username).toBe(username);
  });
});

describe('cursors', () => {
  const path = () => `/v2/users/${username}/tweets`;

  it('a tampered cursor is 400', async () => {
    const first = await account.call('GET', path(), { query: { count: 2 } });
    const cursor = first.body.meta.next_cursor as string;
    const [body, signature] = cursor.split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    const forgedBody = Buffer.from(JSON.stringify({ ...payload, p: { k: ['1'] } })).toString('base64url');
    const flipped = signature[0] === 'A' ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    for (const bad of [`${forgedBody}.${signature}`, `${body}.${flipped}`, body, `${cursor}.x`, `${cursor}x`, 'not-a-cursor', '.', '%%%']) {
      const answer = await measuredCall(account, 'GET', path(), { query: { count: 2, cursor: bad } });
      expectInvalid(answer, 'cursor');
      expectNothingCharged(answer);
    }
  });

  it('a cursor reused with another sort, subject or operation is 400', async () => {
    const first = await account.call('GET', path(), { query: { count: 2 } });
    const cursor = first.body.meta.next_cursor as string;
    const other = await userWithMost.followers();
    for (const [reusePath, query] of [
      [path(), { sort: 'popular' }],
      [`/v2/users/${other === username ? 'someone_else' : other}/tweets`, {}],
      [`/v2/users/${username}/media`, {}],
      [`/v2/users/${username}/replies`, { sort: 'latest' }],
    ] as const) {
      const answer = await measuredCall(account, 'GET', reusePath, { query: { ...query, cursor } });
      expectInvalid(answer, 'cursor');
      expectNothingCharged(answer);
    }
    // The same parameters spelled differently are the same request.
    const sameUser = await account.call('GET', `/v2/users/@${username.toUpperCase()}/tweets`, { query: { cursor, sort: 'latest' } });
    expectSuccess(sameUser);
  });

  it('a cursor of a POST search is bound to its query', async () => {
    const first = await account.call('POST', '/v2/search', { body: { query: 'the', count: 1 } });
    expectSuccess(first);
    const cursor = first.body.meta.next_cursor as string;
    expectInvalid(await account.call('POST', '/v2/search', { body: { query: 'a', cursor } }), 'cursor');
    expectInvalid(await account.call('POST', '/v2/search', { body: { query: 'the', cursor, include_retweets: true } }), 'cursor');
    expectSuccess(await account.call('POST', '/v2/search', { body: { query: 'the', cursor, count: 3 } }));
  });

  it('count may change between pages', async () => {
    const all = await account.call('GET', path(), { query: { count: 12 } });
    const first = await account.call('GET', path(), { query: { count: 2 } });
    const second = await account.call('GET', path(), { query: { count: 10, cursor: first.body.meta.next_cursor } });
    expectSuccess(second);
    const ids = (answer: typeof all) => answer.body.data.map((t: { id: string }) => t.id);
    expect([...ids(first), ...ids(second)]).toEqual(ids(all));
  });
});

describe('max_credits', () => {
  it('lowers count to what it pays for: count 100 and max_credits 100 on tweets is at most 6 tweets', async () => {
    const answer = await measuredCall(account, 'GET', `/v2/users/${username}/tweets`, { query: { count: 100, max_credits: 100 } });
    expectSuccess(answer);
    expect(answer.body.data.length).toBe(6);
    expect(answer.body.meta.credits_charged).toBeLessThanOrEqual(90);
    expectChargedPerItem(answer, PRICE.tweet);
    const body = await measuredCall(account, 'POST', '/v2/search', { body: { query: 'the', count: 100, max_credits: 100 } });
    expectSuccess(body);
    expect(body.body.data.length).toBeLessThanOrEqual(6);
    expectChargedPerItem(body, PRICE.tweet);
    const ids = await measuredCall(account, 'GET', `/v2/users/${await userWithMost.followers()}/followers-ids`, { query: { max_credits: 3 } });
    expect(ids.body.data).toHaveLength(3);
    expectCharged(ids, 3);
  });

  it('is 400 below one unit, or below a fixed price or a batch, charging nothing', async () => {
    const tweet = await tweetWithMost.likes();
    for (const [method, path, inputs] of [
      ['GET', `/v2/users/${username}/tweets`, { max_credits: 14 }],
      ['GET', `/v2/users/${username}`, { max_credits: 17 }],
      ['GET', '/v2/trending', { max_credits: 99 }],
      ['GET', `/v2/tweets/${tweet}/check-like`, { username, max_credits: 49 }],
      ['POST', '/v2/tweets/batch', { ids: [tweet, '1'], max_credits: 29 }],
      ['POST', '/v2/search', { query: 'a', max_credits: 0 }],
    ] as const) {
      const answer = await measuredCall(account, method, path, method === 'GET' ? { query: inputs } : { body: inputs });
      expectInvalid(answer, 'max_credits');
      expectNothingCharged(answer);
    }
  });

  it('at or above the price changes nothing', async () => {
    const answer = await measuredCall(account, 'GET', `/v2/users/${username}`, { query: { max_credits: 18 } });
    expectSuccess(answer);
    expectCharged(answer, PRICE.profile);
  });
});
