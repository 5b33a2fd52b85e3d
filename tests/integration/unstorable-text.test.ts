import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Operation } from '@/lib/api/define-operation';
import { OPERATIONS } from '@/lib/api/registry';
import { getPool } from '@/lib/db/pool';
import { NUL_MESSAGE, SURROGATE_MESSAGE } from '@/lib/db/unstorable-text';
import { createApiAccount, expectLedgersBalanced, type ApiAccount, type ApiAnswer } from '../support/api-client';
import { expectError } from '../support/api-records';
import { createFixtureUsers } from '../support/platform-fixtures';

// Issue 26, point 5: PostgreSQL text cannot hold NUL, and a lone UTF-16 surrogate has no UTF-8
// form (pg writes U+FFFD instead; jsonb refuses both). Every string input of every operation
// in the registry, sent with one, answers 400 invalid_request naming the field, and nothing is
// stored or charged. Before the check, a rule's tag or an endpoint's description with NUL
// answered 500.

// Endpoints point at loopback only (port 9: nothing listens), never at a public host.
process.env.PERCH_WEBHOOK_ALLOW_PRIVATE = '1';
const HOOK_URL = 'https://127.0.0.1:9/unstorable-text';

const BAD = [
  { label: 'NUL', value: 'a\u0000b', message: NUL_MESSAGE },
  { label: 'lone high surrogate', value: 'a\ud800b', message: SURROGATE_MESSAGE },
  { label: 'lone low surrogate', value: '\udc00', message: SURROGATE_MESSAGE },
] as const;

let account: ApiAccount;
let writerId: string;
let username: string;
let tweetId: string;
let ruleId: string;
let webhookId: string;

/** Bodies that each operation accepts as they are, so that the one bad field is what is refused. */
function baseBody(id: string): Record<string, unknown> {
  const bases: Record<string, Record<string, unknown>> = {
    searchTweets: { query: 'hello' },
    searchUsers: { query: 'hello' },
    getUsersBatch: { usernames: [username] },
    getTweetsBatch: { ids: [tweetId] },
    createTweet: { text: 'storable text only' },
    replyToTweet: { tweet_id: tweetId, text: 'a reply' },
    quoteTweet: { quoted_tweet_id: tweetId, text: 'a quote' },
    createRule: { tag: 'probe', query: 'unstorable probe' },
    validateRule: { tag: 'probe', query: 'unstorable probe' },
    updateRule: { tag: 'probe', query: 'unstorable probe' },
    createWebhook: { url: HOOK_URL, description: 'a receiver' },
    rotateWebhookSecret: { overlap_seconds: 60 },
  };
  return bases[id] ?? {};
}

function pathOf(operation: Operation, override?: { name: string; value: string }): string {
  const values: Record<string, string> = { username, tweetId, listId: '1', communityId: '1', ruleId, webhookId, deliveryId: '00000000-0000-4000-8000-000000000000' };
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(override?.name === name ? override.value : values[name]));
}

/** Every field of a schema, by name. */
const fieldsOf = (schema: Operation['body']) => Object.keys(schema?.shape ?? {});

type Case = { operation: Operation; where: 'body' | 'query' | 'path'; field: string; send: (bad: string) => Promise<ApiAnswer>; path: string };

function cases(): Case[] {
  const out: Case[] = [];
  for (const operation of OPERATIONS) {
    const base = baseBody(operation.id);
    for (const field of fieldsOf(operation.body)) {
      const isArray = Array.isArray(base[field]);
      out.push({
        operation,
        where: 'body',
        field,
        path: isArray ? `${field}.1` : field,
        send: (bad) => account.call(operation.method, pathOf(operation), { body: { ...base, [field]: isArray ? [...(base[field] as unknown[]), bad] : bad } }),
      });
    }
    for (const field of fieldsOf(operation.query)) {
      out.push({ operation, where: 'query', field, path: field, send: (bad) => account.call(operation.method, pathOf(operation), { query: { [field]: bad } }) });
    }
    for (const field of fieldsOf(operation.params)) {
      out.push({ operation, where: 'path', field, path: field, send: (bad) => account.call(operation.method, pathOf(operation, { name: field, value: bad })) });
    }
  }
  return out;
}

async function storedCounts(): Promise<Record<string, number>> {
  const pool = getPool();
  const count = async (sql: string, value: string) => (await pool.query<{ n: number }>(sql, [value])).rows[0].n;
  return {
    rules: await count('SELECT count(*)::int AS n FROM realtime_rules WHERE user_id = $1', account.userId),
    endpoints: await count('SELECT count(*)::int AS n FROM realtime_endpoints WHERE user_id = $1', account.userId),
    tweets: await count('SELECT count(*)::int AS n FROM platform.tweets WHERE author_id = $1::bigint', writerId),
  };
}

beforeAll(async () => {
  const [writer] = await createFixtureUsers(getPool(), 1);
  writerId = writer.id;
  username = writer.username;
  account = await createApiAccount({ label: 'unstorable', connect: writer.username });
  const { rows } = await getPool().query<{ id: string }>('SELECT id::text FROM platform.tweets WHERE retweeted_tweet_id IS NULL ORDER BY id DESC LIMIT 1');
  tweetId = rows[0].id;
  const rule = await account.call('POST', '/v2/rules', { body: baseBody('createRule') });
  expect(rule.status, rule.text).toBe(200);
  ruleId = rule.body.data.id;
  // Paused: the probe rule must not match anything while the file runs.
  expect((await account.call('POST', `/v2/rules/${ruleId}/pause`)).status).toBe(200);
  const webhook = await account.call('POST', '/v2/webhooks', { body: baseBody('createWebhook') });
  expect(webhook.status, webhook.text).toBe(200);
  webhookId = webhook.body.data.id;
});

afterAll(async () => {
  await account.call('DELETE', `/v2/rules/${ruleId}`);
  await account.call('DELETE', `/v2/webhooks/${webhookId}`);
  await expectLedgersBalanced();
});

describe('text the database cannot store', () => {
  it('the two reported calls answer 400 naming the field, no longer 500', async () => {
    const rule = await account.call('POST', '/v2/rules', { body: { tag: 'n\u0000ul', query: 'x' } });
    expectError(rule, 400, 'invalid_request');
    expect(rule.body.error.details).toEqual([{ path: 'tag', message: NUL_MESSAGE }]);
    expect(rule.body.error.message).toBe(`tag: ${NUL_MESSAGE}`);
    const webhook = await account.call('POST', '/v2/webhooks', { body: { url: 'https://example.com/x', description: 'a\u0000b' } });
    expectError(webhook, 400, 'invalid_request');
    expect(webhook.body.error.details).toEqual([{ path: 'description', message: NUL_MESSAGE }]);
  });

  it('every string input of every operation (body, query, path) is refused by name, storing and charging nothing', async () => {
    const all = cases();
    // The registry's writes are all here: rules, webhooks, tweets.
    for (const id of ['createRule', 'updateRule', 'createWebhook', 'createTweet', 'replyToTweet', 'quoteTweet', 'searchTweets', 'getUser']) {
      expect(all.some((c) => c.operation.id === id)).toBe(true);
    }
    const before = { stored: await storedCounts(), balance: await account.balance() };
    const wrong: string[] = [];
    for (const c of all) {
      // A query string or a path carries UTF-8: a lone surrogate cannot even be sent there
      // (encodeURIComponent throws, URLSearchParams sends U+FFFD), so there only NUL applies.
      for (const bad of c.where === 'body' ? BAD : BAD.slice(0, 1)) {
        const answer = await c.send(bad.value);
        const details = (answer.body?.error?.details ?? []) as Array<{ path: string; message: string }>;
        const named = answer.status === 400 && answer.body.error.code === 'invalid_request' && details.some((d) => d.path === c.path && d.message === bad.message);
        if (!named) wrong.push(`${c.operation.id} ${c.where} ${c.field} (${bad.label}) → ${answer.status} ${answer.text.slice(0, 200)}`);
      }
    }
    expect(all.length).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
    expect(await storedCounts()).toEqual(before.stored);
    expect(await account.balance()).toBe(before.balance);
  });

  it('a field name holding NUL is refused too, shown escaped', async () => {
    const answer = await account.call('POST', '/v2/rules', { body: { tag: 'ok', query: 'x', 'ta\u0000g': 'y' } });
    expectError(answer, 400, 'invalid_request');
    expect(answer.body.error.details).toEqual([{ path: 'ta\\u0000g', message: `field names ${NUL_MESSAGE}` }]);
  });

  it('the same bodies without the bad character are accepted: the refusal was the character', async () => {
    const before = await storedCounts();
    const rule = await account.call('POST', '/v2/rules', { body: { tag: 'no nul here', query: 'x' } });
    expect(rule.status, rule.text).toBe(200);
    await account.call('DELETE', `/v2/rules/${rule.body.data.id}`);
    const webhook = await account.call('POST', '/v2/webhooks', { body: { url: HOOK_URL, description: 'ab' } });
    expect(webhook.status, webhook.text).toBe(200);
    await account.call('DELETE', `/v2/webhooks/${webhook.body.data.id}`);
    const tweet = await account.call('POST', '/v2/tweets/create', { body: { text: 'a valid 😀 surrogate pair' } });
    expect(tweet.status, tweet.text).toBe(200);
    expect((await storedCounts()).tweets).toBe(before.tweets + 1);
  });
});
