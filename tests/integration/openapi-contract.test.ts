import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { runMigrations } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerApiRequest } from '@/lib/api/dispatch';
import { getPool } from '@/lib/db/pool';
import { freePort } from '@/lib/server/free-port';
import { createHttpServer, listen } from '@/lib/server/http-server';
import { apiHandler } from '@/lib/server/web-adapter';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { documentValidator, inputGenerator, operationsOf, requestTarget, type DocumentOperation, type Inputs, type OpenApiDocument } from '../support/openapi-requests';
import { createFixtureUsers } from '../support/platform-fixtures';
import { startPrismProxy, type PrismProxy } from '../support/prism-proxy';

// Contract: the OpenAPI document is as strict as the server. Requests generated from the
// document alone (json-schema-faker, checked with ajv) go through Stoplight Prism's validating
// proxy to the real /v2 server on a loopback port. The test fails when
// - Prism refuses a request the generator and ajv found valid (the document reads two ways),
// - Prism finds an answer that breaks the document (any status, error bodies included),
// - the server answers 5xx, or 400 invalid_request for a reason the document could have said:
//   every 400 must be one of NOT_EXPRESSIBLE below, each a reason no JSON Schema can state.
// A document-valid request may still be a 404 (an id that does not exist), a 403 (not your
// tweet) and so on: those say nothing about the document's strictness.

// Webhook URLs are generated public-looking (the document's pattern) and then pointed at
// 127.0.0.1, which this setting lets the server take: nothing here may reach another address.
process.env.PERCH_WEBHOOK_ALLOW_PRIVATE = '1';

const REQUESTS_PER_OPERATION = 16;
// Optional inputs the generator fills with random values that are valid but useless most of the time.
const CURSOR_KEPT = 0.2;
const SEED_USED = 0.75;

type Problem = { path: string; message: string };
type Refusal = { operationId: string; message: string; details: Problem[] };

/** 400s no schema can state, each with why. Anything else the server refuses, the document must. */
const NOT_EXPRESSIBLE: Array<{ why: string; matches: (refusal: Refusal) => boolean }> = [
  { why: 'a cursor is signed and bound to the call’s other parameters', matches: (r) => r.details.some((d) => d.path === 'cursor') },
  {
    why: 'a batch’s max_credits must pay for every distinct requested id: a bound that depends on the body',
    matches: (r) => ['getUsersBatch', 'getTweetsBatch'].includes(r.operationId) && /^max_credits \d+ is below/.test(r.message),
  },
  {
    why: 'search query grammar (operators, dates, language codes, something to search for)',
    matches: (r) =>
      ['searchTweets', 'searchUsers', 'createRule', 'updateRule', 'validateRule'].includes(r.operationId) &&
      r.details.some((d) => d.path === 'query') &&
      /: needs a |: cannot be negated|^query has nothing to search for/.test(r.message),
  },
  {
    why: 'the same search query grammar, in the params of an export of a search',
    matches: (r) => ['createExport', 'estimateExport'].includes(r.operationId) && r.details.some((d) => d.path === 'params.query') && /: needs a |: cannot be negated|query has nothing to search for/.test(r.message),
  },
  { why: 'a rule’s accounts (and a monitor’s) must exist on the platform', matches: (r) => /^(accounts|follows\.username|profile\.usernames): no such user/.test(r.message) },
  { why: 'interval_seconds is taken on X only: it depends on the platform serving the call', matches: (r) => r.details.some((d) => d.path === 'interval_seconds') },
  { why: 'how many rules a key and endpoints an account already have', matches: (r) => /already has the most rules allowed|already has \d+ webhook endpoints/.test(r.message) },
  {
    why: 'an endpoint’s fields depend on its type (url for webhook, slack and discord; email and digest_minutes for email): a body is one strict object here, without oneOf, so the document says it in words',
    matches: (r) =>
      r.operationId === 'createWebhook' && /^(url|email|digest_minutes): (required for an? \w+ endpoint|only for an email endpoint|an email endpoint takes email, not url)/.test(r.message),
  },
  { why: 'the stream of a key without rules', matches: (r) => r.operationId === 'streamMatches' && /has no rules/.test(r.message) },
  { why: 'a delivery still pending cannot be replayed yet', matches: (r) => /still pending/.test(r.message) },
  { why: 'the connected account cannot follow itself', matches: (r) => /cannot follow or unfollow themselves/.test(r.message) },
  {
    why: 'a usage span: from no later than to, at most 366 days, from 1970 on (bounds that depend on the other field or the date)',
    matches: (r) => r.operationId === 'getUsage' && r.details.some((d) => d.path === 'from' || d.path === 'to') && /must not be after|at most 366|1970-01-01 or later/.test(r.message),
  },
];

let server: http.Server;
let prism: PrismProxy;
let document: OpenApiDocument;
let operations: DocumentOperation[];
let account: ApiAccount;
let streamAccount: ApiAccount;
let workDir: string;
let base: string;
const seeds: Record<string, string[]> = {};
// Ids the calls themselves create (rules, webhook endpoints, deliveries), used as path values later.
const created: Record<string, string[]> = { ruleId: [], webhookId: [], deliveryId: [], exportId: [] };
const validate = documentValidator();
const generate = inputGenerator(20261127);

// A deterministic stream of numbers in [0, 1) for the choices the test makes beside the generator.
let state = 0x2f6b_1d3a;
function random(): number {
  state = (Math.imul(state ^ (state >>> 15), 0x2c1b_3c6d) + 0x6d2b_79f5) >>> 0;
  return state / 2 ** 32;
}
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];

beforeAll(async () => {
  // The job queue's schema, which a server's real-time start installs: webhook test events and replays enqueue jobs in it.
  await runMigrations({ connectionString: process.env.DATABASE_URL });
  const pool = getPool();
  const ids = async (sql: string) => (await pool.query<{ v: string }>(sql)).rows.map((r) => r.v);
  const [writer] = await createFixtureUsers(pool, 1);
  account = await createApiAccount({ label: 'openapi-contract', credits: 1_000_000_000, connect: writer.username });
  streamAccount = await createApiAccount({ label: 'openapi-contract-stream' });
  seeds.username = await ids('SELECT username AS v FROM platform.users ORDER BY followers_count DESC LIMIT 8');
  seeds.tweetId = await ids('SELECT id::text AS v FROM platform.tweets ORDER BY reply_count DESC LIMIT 8');
  seeds.listId = await ids('SELECT id::text AS v FROM platform.lists ORDER BY id LIMIT 4');
  seeds.communityId = await ids('SELECT id::text AS v FROM platform.communities ORDER BY id LIMIT 4');

  server = createHttpServer([{ prefix: '/v2', handle: apiHandler(answerApiRequest) }], (_req, res) => {
    res.writeHead(404).end();
  });
  const port = await freePort();
  await listen(server, port, '127.0.0.1');
  base = `http://127.0.0.1:${port}`;
  // The document the server serves, as a client would fetch it.
  const answer = await fetch(`${base}/v2/openapi.json`);
  expect(answer.status).toBe(200);
  document = (await answer.json()) as OpenApiDocument;
  operations = operationsOf(document);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-openapi-contract-'));
  const documentPath = path.join(workDir, 'openapi.json');
  fs.writeFileSync(documentPath, JSON.stringify(document));
  prism = await startPrismProxy(documentPath, base);
}, 120_000);

afterAll(async () => {
  // The endpoints made here point at 127.0.0.1; deleting them drops their deliveries too.
  for (const id of created.webhookId) await account?.call('DELETE', `/v2/webhooks/${id}`);
  await prism?.stop();
  if (server) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  await expectLedgersBalanced();
});

/** A value the calls can find: a seeded user, tweet, list or community, or an id made earlier. */
function known(name: string): string | undefined {
  const values = seeds[name] ?? created[name];
  return values && values.length > 0 && random() < SEED_USED ? pick(values) : undefined;
}

/** Generated inputs with some values swapped for ones that exist, and webhook hosts on loopback. */
function steer(operation: DocumentOperation, inputs: Inputs): Inputs {
  for (const name of Object.keys(inputs.path)) inputs.path[name] = known(name) ?? inputs.path[name];
  for (const values of [inputs.query, inputs.body ?? {}]) {
    if ('cursor' in values && random() >= CURSOR_KEPT) delete values.cursor;
    for (const name of ['username', 'source', 'target']) if (typeof values[name] === 'string') values[name] = known('username') ?? values[name];
    for (const name of ['tweet_id', 'quoted_tweet_id']) if (typeof values[name] === 'string') values[name] = known('tweetId') ?? values[name];
    if (Array.isArray(values.usernames)) values.usernames = values.usernames.map((value) => known('username') ?? value);
    if (Array.isArray(values.ids)) values.ids = values.ids.map((value) => known('tweetId') ?? value);
    if (Array.isArray(values.accounts) && random() < SEED_USED) values.accounts = values.accounts.map(() => pick(seeds.username));
    // A monitor's accounts: users that exist, mostly.
    const follows = values.follows as { username?: unknown } | undefined;
    if (follows && typeof follows.username === 'string' && random() < SEED_USED) follows.username = pick(seeds.username);
    const profile = values.profile as { usernames?: unknown } | undefined;
    if (profile && Array.isArray(profile.usernames) && random() < SEED_USED) profile.usernames = profile.usernames.map(() => pick(seeds.username));
    // An export's params name the exported operation's subject: a user, tweet, list or community that exists, mostly.
    const params = values.params as Record<string, unknown> | undefined;
    if (params && typeof params === 'object') for (const name of Object.keys(params)) if (typeof params[name] === 'string') params[name] = known(name) ?? params[name];
  }
  if (operation.operationId === 'createWebhook' && typeof inputs.body?.url === 'string') {
    const url = new URL(inputs.body.url);
    url.hostname = '127.0.0.1';
    inputs.body.url = url.toString();
  }
  return inputs;
}

/** Document-valid inputs for the operation (the generator's, steered, checked with ajv). */
async function validInputs(operation: DocumentOperation): Promise<Inputs> {
  let problems: string[] = [];
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const inputs = steer(operation, await generate(operation));
    problems = validate(operation, inputs);
    if (problems.length === 0) return inputs;
  }
  throw new Error(`${operation.operationId}: no document-valid inputs in 20 tries; last: ${problems.join('; ')}`);
}

type Outcome = { status: number; text: string; body: any; violations: string | null };

async function send(operation: DocumentOperation, inputs: Inputs, key: string): Promise<Outcome> {
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (inputs.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${prism.url}${requestTarget(operation, inputs)}`, {
    method: operation.method,
    headers,
    body: inputs.body === undefined ? undefined : JSON.stringify(inputs.body),
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: reported below through the status and text.
  }
  return { status: response.status, text, body, violations: response.headers.get('sl-violations') };
}

/** What is wrong with one exchange, or null. */
function judge(operation: DocumentOperation, outcome: Outcome): string | null {
  const { status, body } = outcome;
  const prismError = typeof body?.type === 'string' && body.type.startsWith('https://stoplight.io/prism/errors#');
  if (prismError && status === 422) return `Prism refused a request ajv found valid: ${JSON.stringify(body.validation ?? body.detail)}`;
  if (prismError) return `the answer breaks the document (${body.title}): ${JSON.stringify(body.validation ?? body.detail).slice(0, 1500)}`;
  if (outcome.violations) return `Prism reports violations of the ${status} answer ${outcome.text.slice(0, 300)}: ${outcome.violations.slice(0, 1500)}`;
  if (status >= 500) return `server answered ${status}: ${outcome.text.slice(0, 500)}`;
  if (status === 400) {
    const refusal: Refusal = { operationId: operation.operationId, message: body?.error?.message ?? '', details: Array.isArray(body?.error?.details) ? body.error.details : [] };
    if (!NOT_EXPRESSIBLE.some((reason) => reason.matches(refusal))) return `400 for a document-valid request: ${outcome.text.slice(0, 600)}`;
  }
  return null;
}

/** Remembers the ids a successful call made, for later calls' paths. */
function collect(operation: DocumentOperation, outcome: Outcome): void {
  if (outcome.status !== 200) return;
  const data = outcome.body?.data;
  if (operation.operationId === 'createRule') created.ruleId.push(data.id);
  if (operation.operationId === 'createWebhook') created.webhookId.push(data.id);
  if (operation.operationId === 'testWebhook') created.deliveryId.push(data.delivery_id);
  if (operation.operationId === 'createExport') created.exportId.push(data.id);
}

describe('the OpenAPI document through a validating proxy (Prism) in front of the server', () => {
  it('covers every operation the server routes', () => {
    expect(operations.length).toBeGreaterThanOrEqual(55);
    expect(operations.map((o) => o.operationId)).toContain('streamMatches');
  });

  it('refuses what the server refuses: unknown body fields, unknown query parameters, text without a non-blank character', async () => {
    // The same mistakes sent straight to the server and through Prism: both must refuse them.
    const cases: Array<{ target: string; method: string; body?: unknown }> = [
      { method: 'POST', target: '/v2/search', body: { query: 'hello', cuont: 5 } },
      { method: 'POST', target: '/v2/tweets/create', body: { text: '   ' } },
      { method: 'POST', target: '/v2/rules/validate', body: { tag: 'both', query: 'hello', accounts: [seeds.username[0]] } },
      { method: 'POST', target: '/v2/webhooks', body: { url: 'http://example.com/hook' } },
      { method: 'GET', target: '/v2/trending?country=Atlantis' },
      { method: 'POST', target: '/v2/tweets/batch', body: { ids: ['not-a-tweet'] } },
      { method: 'GET', target: `/v2/users/${seeds.username[0]}/tweets?max_credits=14` },
    ];
    for (const { method, target, body } of cases) {
      const init = { method, headers: { authorization: `Bearer ${account.key}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) };
      const direct = await fetch(`${base}${target}`, init);
      expect(direct.status, `server: ${method} ${target}`).toBe(400);
      const proxied = await fetch(`${prism.url}${target}`, init);
      expect(proxied.status, `Prism: ${method} ${target} ${await proxied.text()}`).toBe(422);
    }
    // An unknown query parameter: the server refuses it; OpenAPI cannot forbid one, so the document says so in words.
    const unknown = await account.call('GET', `/v2/users/${seeds.username[0]}`, { query: { cuont: 5 } });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(document)).toContain('a query parameter it does not list');
  });

  it('describes the errors a document-valid request can meet, details included', async () => {
    const broke = await createApiAccount({ label: 'openapi-contract-broke', credits: 0 });
    const capped = await createApiAccount({ label: 'openapi-contract-capped', creditLimit: 10 });
    const readOnly = await createApiAccount({ label: 'openapi-contract-read', scopes: ['read'] });
    const unconnected = await createApiAccount({ label: 'openapi-contract-unconnected' });
    const search = operations.find((o) => o.operationId === 'searchTweets')!;
    const like = operations.find((o) => o.operationId === 'likeTweet')!;
    const cases: Array<[string, DocumentOperation, Inputs, string, number, string]> = [
      ['no credits', search, { path: {}, query: {}, body: { query: 'hello' } }, broke.key, 402, 'insufficient_credits'],
      ['a spent key limit', search, { path: {}, query: {}, body: { query: 'hello' } }, capped.key, 402, 'key_limit_reached'],
      ['a read-only key writing', like, { path: { tweetId: seeds.tweetId[0] }, query: {} }, readOnly.key, 403, 'forbidden'],
      ['a write without a connected account', like, { path: { tweetId: seeds.tweetId[0] }, query: {} }, unconnected.key, 403, 'account_not_connected'],
      ['an unknown key', search, { path: {}, query: {}, body: { query: 'hello' } }, `perch_${'0'.repeat(32)}`, 401, 'unauthorized'],
      ['a tweet that does not exist', like, { path: { tweetId: '1' }, query: {} }, account.key, 404, 'not_found'],
    ];
    for (const [what, operation, inputs, key, status, code] of cases) {
      expect(validate(operation, inputs), what).toEqual([]);
      const outcome = await send(operation, inputs, key);
      expect({ what, status: outcome.status, code: outcome.body?.error?.code }).toEqual({ what, status, code });
      expect(judge(operation, outcome), what).toBeNull();
    }
  });

  it('declares the stream as text/event-stream, which is what it answers', async () => {
    const stream = operations.find((o) => o.operationId === 'streamMatches')!;
    expect(stream.successTypes).toEqual(['text/event-stream']);
    const rule = await streamAccount.call('POST', '/v2/rules', { body: { tag: 'contract', query: 'hello' } });
    expect(rule.status).toBe(200);
    const abort = new AbortController();
    const response = await fetch(`${base}/v2/stream`, { headers: { authorization: `Bearer ${streamAccount.key}` }, signal: abort.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream\b/);
    abort.abort();
    await response.body?.cancel().catch(() => undefined);
    expect((await streamAccount.call('DELETE', `/v2/rules/${rule.body.data.id}`)).status).toBe(200);
  });

  it(`takes ${REQUESTS_PER_OPERATION} generated document-valid requests per operation without refusing one for a reason the document could state, and answers as the document says`, async () => {
    const failures: string[] = [];
    const statuses: Record<string, Record<number, number>> = {};
    for (const operation of operations) {
      for (let i = 0; i < REQUESTS_PER_OPERATION; i += 1) {
        const inputs = await validInputs(operation);
        // The stream's key has no rules, so it answers a JSON 400 instead of an endless event stream.
        const key = operation.operationId === 'streamMatches' ? streamAccount.key : account.key;
        const outcome = await send(operation, inputs, key);
        (statuses[operation.operationId] ??= {})[outcome.status] = (statuses[operation.operationId]?.[outcome.status] ?? 0) + 1;
        const failure = judge(operation, outcome);
        if (failure) failures.push(`${operation.operationId} ${operation.method} ${requestTarget(operation, inputs)} ${inputs.body ? JSON.stringify(inputs.body).slice(0, 300) : ''}\n  ${failure}`);
        collect(operation, outcome);
        // No runner here: a created export is cancelled at once, so that its event stream, when a
        // later request follows it, sends its end and closes instead of waiting for ever.
        if (operation.operationId === 'createExport' && outcome.status === 200) await account.call('POST', `/v2/exports/${outcome.body.data.id}/cancel`);
      }
    }
    expect(failures, failures.join("\n")).toEqual([]);
    // The run reached real answers, not only refusals: most operations answered 200 at least once.
    const answered = Object.values(statuses).filter((counts) => (counts[200] ?? 0) > 0).length;
    expect(answered, JSON.stringify(statuses)).toBeGreaterThanOrEqual(operations.length - 8);
  }, 240_000);
});
