import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@/lib/admin/create-account';
import { getPool } from '@/lib/db/pool';
import { freePort } from '@/lib/server/free-port';
import { METRICS } from '@/lib/observability/metrics';
import { waitFor } from '../support/account-fixtures';
import { createApiAccount, readAnswer, type ApiAccount, type ApiAnswer } from '../support/api-client';
import { startServer, type RunningServer } from '../support/api-server';
import { setUpWriter, type Writer } from '../support/api-writer';
import { browser, signInOverHttp } from '../support/dashboard-http';
import { parsePrometheusText, valueOf, type Exposition } from '../support/prometheus-text';
import { startWebhookReceiver } from '../support/webhook-receiver';

// Issue 34, item 1, on the production entry (server.ts and its dashboard process): GET /metrics
// behind PERCH_METRICS_TOKEN, parsed with a strict Prometheus text parser after known traffic
// (counts equal), the dashboard process's playground calls merged in, a webhook delivered to a
// loopback receiver counted, no label carrying a username, key or id; 401 without or with a
// wrong token; 404 when metrics are off; PERCH_METRICS_PORT serving it on 127.0.0.1 without one.

const token = crypto.randomBytes(24).toString('hex');
let server: RunningServer;
let account: ApiAccount;
let username: string;

beforeAll(async () => {
  server = await startServer(process.env.DATABASE_URL!, { PERCH_METRICS_TOKEN: token, PERCH_WEBHOOK_ALLOW_PRIVATE: '1' });
  account = await createApiAccount({ label: 'metrics', credits: 100_000 });
  const { rows } = await getPool().query<{ username: string }>('SELECT username FROM platform.users ORDER BY id LIMIT 1');
  username = rows[0].username;
}, 10 * 60_000);

afterAll(async () => {
  await server?.stop();
});

async function scrape(base = server.url, headers: Record<string, string> = { authorization: `Bearer ${token}` }): Promise<{ status: number; type: string | null; text: string }> {
  const response = await fetch(`${base}/metrics`, { headers });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

async function metrics(): Promise<Exposition> {
  const answer = await scrape();
  expect(answer.status, answer.text.slice(0, 300)).toBe(200);
  return parsePrometheusText(answer.text);
}

async function v2(path: string, key: string | null = account.key): Promise<ApiAnswer> {
  return readAnswer(await fetch(`${server.url}${path}`, { headers: key ? { authorization: `Bearer ${key}` } : {} }));
}

const requests = (exposition: Exposition, labels: Record<string, string>) => valueOf(exposition, METRICS.httpRequests.name, labels);

describe('GET /metrics with PERCH_METRICS_TOKEN', () => {
  it('answers 401 without the token or with a wrong one', async () => {
    for (const headers of [{} as Record<string, string>, { authorization: `Bearer ${token}x` }, { authorization: `Bearer ${token.slice(1)}` }, { authorization: token }, { authorization: 'Basic Zm9vOmJhcg==' }]) {
      const answer = await scrape(server.url, headers);
      expect(answer.status, JSON.stringify(headers)).toBe(401);
      expect(answer.text).not.toContain('perch_');
    }
  });

  it('counts known traffic exactly: calls by operation and status, latency, credits', { timeout: 120_000 }, async () => {
    const before = await metrics();
    let charged = 0;
    for (let i = 0; i < 3; i++) {
      const answer = await v2(`/v2/users/${username}`);
      expect(answer.status).toBe(200);
      charged += answer.body.meta.credits_charged;
    }
    for (let i = 0; i < 2; i++) expect((await v2('/v2/users/nobody_zz_9q')).status).toBe(404);
    expect((await v2(`/v2/users/${username}`, null)).status).toBe(401);
    expect((await v2('/v2/openapi.json', null)).status).toBe(200);
    const after = await metrics();
    const delta = (labels: Record<string, string>) => requests(after, labels) - requests(before, labels);
    expect(delta({ operation: 'getUser', platform: 'local', status: '200' })).toBe(3);
    expect(delta({ operation: 'getUser', status: '404' })).toBe(2);
    expect(delta({ status: '401' })).toBe(1);
    // The OpenAPI document is named, not counted as a path no operation serves.
    expect(delta({ operation: 'getOpenApi', status: '200' })).toBe(1);
    expect(delta({ operation: 'unmatchedRoute' })).toBe(0);
    expect(delta({})).toBe(7);
    const count = (exposition: Exposition) => valueOf(exposition, `${METRICS.httpDuration.name}_count`, { operation: 'getUser', platform: 'local' });
    expect(count(after) - count(before)).toBe(5);
    const credits = (exposition: Exposition) => valueOf(exposition, METRICS.creditsCharged.name, { operation: 'getUser', platform: 'local' });
    expect(charged).toBeGreaterThan(0);
    expect(credits(after) - credits(before)).toBe(charged);
  });

  it('reports the pools, the meter, Node’s own metrics, each with its help text', { timeout: 60_000 }, async () => {
    expect((await v2(`/v2/users/${username}`)).status).toBe(200);
    // Usage is written behind (every 100 ms by default): a flush has run after the call.
    await waitFor(async () => valueOf(await metrics(), METRICS.usageFlushRows.name) > 0, 10_000);
    const exposition = await metrics();
    expect(valueOf(exposition, METRICS.dbPoolTotal.name, { pool: 'main' })).toBeGreaterThan(0);
    expect(valueOf(exposition, METRICS.leasesTaken.name)).toBeGreaterThan(0);
    expect(valueOf(exposition, METRICS.usageFlushes.name)).toBeGreaterThan(0);
    expect(valueOf(exposition, METRICS.usageFlushLastSuccess.name)).toBeGreaterThan(Date.now() / 1000 - 600);
    expect(valueOf(exposition, 'perch_process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(exposition.has('perch_nodejs_heap_size_total_bytes')).toBe(true);
    for (const metric of Object.values(METRICS)) expect(exposition.has(metric.name), metric.name).toBe(true);
    for (const family of exposition.values()) expect(family.help, family.name).toBeTruthy();
  });

  it('serves the Prometheus text format, uncached', async () => {
    const answer = await scrape();
    expect(answer.type).toBe('text/plain; version=0.0.4; charset=utf-8');
    const response = await fetch(`${server.url}/metrics`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(405);
  });
});

describe('the dashboard process’s calls', () => {
  it('are counted in the instance’s /metrics (a playground call through the session mount)', { timeout: 120_000 }, async () => {
    const email = `metrics-${crypto.randomBytes(4).toString('hex')}@example.test`;
    await createAccount({ email, password: 'correct horse battery', credits: 10_000 });
    const dashboard = browser(server.url);
    expect((await signInOverHttp(dashboard, email, 'correct horse battery')).ok).toBe(true);
    const before = await metrics();
    const answer = await readAnswer(await dashboard.fetch(`/api/dashboard/v2/users/${username}`, { headers: { 'x-perch-dashboard': '1', 'x-perch-source': 'playground' } }));
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    const after = await metrics();
    const labels = { operation: 'getUser', platform: 'local', status: '200' };
    expect(requests(after, labels) - requests(before, labels)).toBe(1);
    // Merged, not listed twice: the parser refuses a series given twice.
    expect(after.get(METRICS.httpRequests.name)!.samples.filter((s) => s.labels.operation === 'getUser' && s.labels.status === '200' && s.labels.platform === 'local')).toHaveLength(1);
  });

  it('cannot be read through the dashboard: its figures reach the server over IPC only', async () => {
    for (const path of ['/metrics/', '/metrics/dashboard', '/api/metrics', '/_perch/metrics']) {
      const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
      const text = await response.text();
      expect(text, path).not.toContain('perch_http_requests_total');
    }
  });
});

describe('webhook deliveries', () => {
  let writer: Writer;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeAll(async () => {
    writer = await setUpWriter('metrics-hooks');
    receiver = await startWebhookReceiver();
  });

  afterAll(async () => {
    await receiver?.down();
  });

  it('count a delivery to a loopback receiver and its lag', { timeout: 120_000 }, async () => {
    const call = async (method: string, path: string, body: unknown) =>
      readAnswer(await fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${writer.account.key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }));
    const before = await metrics();
    const endpoint = await call('POST', '/v2/webhooks', { url: receiver.url, description: 'metrics receiver' });
    expect(endpoint.status, endpoint.text.slice(0, 300)).toBe(200);
    receiver.setSecrets([endpoint.body.data.secret]);
    const word = `metricword${crypto.randomBytes(4).toString('hex')}`;
    expect((await call('POST', '/v2/rules', { tag: 'metrics', query: word })).status).toBe(200);
    expect((await call('POST', '/v2/tweets/create', { text: `hello ${word}` })).status).toBe(200);
    await waitFor(() => receiver.counts().distinct >= 1, 30_000);
    // The counter moves once the delivery is recorded, a moment after the receiver answered.
    await waitFor(async () => valueOf(await metrics(), METRICS.webhookDeliveries.name, { outcome: 'delivered' }) > valueOf(before, METRICS.webhookDeliveries.name, { outcome: 'delivered' }), 10_000);
    const after = await metrics();
    expect(valueOf(after, METRICS.webhookDeliveries.name, { outcome: 'delivered' }) - valueOf(before, METRICS.webhookDeliveries.name, { outcome: 'delivered' })).toBe(1);
    expect(valueOf(after, `${METRICS.deliveryLag.name}_count`) - valueOf(before, `${METRICS.deliveryLag.name}_count`)).toBe(1);
    expect(after.get(METRICS.webhookQueueDepth.name)!.samples).toHaveLength(1);
  });
});

describe('labels', () => {
  it('carry no username, key, key id, account id or URL', async () => {
    const text = (await scrape()).text;
    const exposition = parsePrometheusText(text);
    const values = [...exposition.values()].flatMap((family) => family.samples.flatMap((sample) => Object.values(sample.labels)));
    expect(values.length).toBeGreaterThan(100);
    for (const secret of [username, 'nobody_zz_9q', account.key, account.keyId, account.userId, token]) {
      expect(values.filter((value) => value.includes(secret)), secret).toEqual([]);
      expect(text.includes(secret), secret).toBe(false);
    }
    expect(values.filter((value) => /^https?:|127\.0\.0\.1/.test(value))).toEqual([]);
  });
});

describe('metrics off or on their own port', () => {
  it('answer 404 on the main port without a token, and serve 127.0.0.1:PERCH_METRICS_PORT without one', { timeout: 10 * 60_000 }, async () => {
    const port = await freePort();
    const [off, local] = [await startServer(process.env.DATABASE_URL!, {}), await startServer(process.env.DATABASE_URL!, { PERCH_METRICS_PORT: String(port) })];
    try {
      for (const instance of [off, local]) {
        for (const headers of [{} as Record<string, string>, { authorization: `Bearer ${token}` }]) expect((await scrape(instance.url, headers)).status).toBe(404);
      }
      const call = await fetch(`${local.url}/v2/users/${username}`, { headers: { authorization: `Bearer ${account.key}` } });
      expect(call.status).toBe(200);
      await call.text();
      const own = await scrape(`http://127.0.0.1:${port}`, {});
      expect(own.status).toBe(200);
      const exposition = parsePrometheusText(own.text);
      expect(requests(exposition, { operation: 'getUser', status: '200' })).toBe(1);
      expect(valueOf(exposition, 'perch_process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect((await fetch(`http://127.0.0.1:${port}/v2/users/${username}`)).status).toBe(404);
    } finally {
      await Promise.all([off.stop(), local.stop()]);
    }
  });
});
