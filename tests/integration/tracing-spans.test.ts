import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { waitFor } from '../support/account-fixtures';
import { userWithMost } from '../support/api-subjects';
import { startServer, type RunningServer } from '../support/api-server';
import { startFakeX, type FakeX } from '../support/fake-x-api';
import { startOtlpReceiver, spanTree, type OtlpReceiver, type ReceivedSpan, type SpanTree } from '../support/otlp-receiver';
import { xWorld } from '../support/x-world';

// server.ts with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a receiver in this test: each /v2 call
// arrives as one trace whose root span is the call and whose children are its steps (key
// lookup, metering, platform read, the database statements under them, the request to X),
// found from the call's request id, and carrying nothing that names a user or a key.

const SPAN_KIND = { internal: 1, server: 2, client: 3 };

let receiver: OtlpReceiver;
let fake: FakeX;
let server: RunningServer;
let account: ApiAccount;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  fake = await startFakeX(xWorld());
  server = await startServer(process.env.DATABASE_URL!, {
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    // Exported within a tenth of a second of ending, not the default 5 s.
    OTEL_BSP_SCHEDULE_DELAY: '100',
    OTEL_SERVICE_NAME: '',
    // The local platform by default; X on request (Perch-Platform: x), served by the fake.
    PERCH_PLATFORMS: 'x',
    PERCH_X_BEARER_TOKEN: fake.bearerToken,
    PERCH_X_API_URL: fake.url,
    NODE_EXTRA_CA_CERTS: fake.certificateFile,
    PERCH_UPSTREAM_CACHE_SECONDS: '0',
    // Per-call database holds: the hold and the settle are statements of their own.
    PERCH_CREDIT_LEASES: '0',
    // Few connections, no background loops: this test needs the /v2 path only.
    PERCH_DB_POOL_SIZE: '4',
    PERCH_DB_METER_POOL_SIZE: '2',
    PERCH_REALTIME: 'off',
    PERCH_EXPORT_RUNNER: 'off',
  }, 18 * 60_000);
  account = await createApiAccount({ label: 'tracing' });
}, 20 * 60_000);

afterAll(async () => {
  await server?.stop();
  await fake?.close();
  await receiver?.close();
  await expectLedgersBalanced();
});

type Called = { requestId: string; credits: number; tree: SpanTree };

/** Calls the server over HTTP and waits for the call's trace (its root span, exported last, carries the request id). */
async function tracedCall(path: string, headers: Record<string, string> = {}): Promise<Called> {
  const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${account.key}`, ...headers } });
  const body = (await response.json()) as { meta: { request_id: string; credits_charged: number } };
  expect(response.status).toBe(200);
  const requestId = body.meta.request_id;
  let root: ReceivedSpan | undefined;
  await waitFor(() => (root = receiver.spans.find((span) => span.attributes['perch.request_id'] === requestId)) !== undefined, 15_000);
  return { requestId, credits: body.meta.credits_charged, tree: spanTree(receiver.spans, root!.traceId) };
}

/** The server's JSON log line for a call (msg 'call'), once written. */
async function callLine(requestId: string): Promise<Record<string, unknown>> {
  const find = () =>
    server
      .output()
      .split('\n')
      .filter((text) => text.startsWith('{') && text.endsWith('}'))
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((record) => record.msg === 'call' && record.request_id === requestId);
  await waitFor(() => find() !== undefined, 10_000);
  return find()!;
}

function named(spans: ReceivedSpan[], name: string): ReceivedSpan {
  const found = spans.filter((span) => span.name === name);
  expect(found.map((span) => span.name)).toEqual([name]);
  return found[0];
}

const isDbSpan = (span: ReceivedSpan) => span.attributes['db.system.name'] === 'postgresql';

describe('traces of /v2 calls', () => {
  let local: Called;
  let username: string;

  it('getUser on the embedded platform: a server span with the key lookup, metering and platform read under it', async () => {
    username = await userWithMost.followers();
    local = await tracedCall(`/v2/users/${username}`);
    const { root, childrenOf, descendantsOf, spans } = local.tree;

    expect(root.name).toBe('GET /v2/users/{username}');
    expect(root.kind).toBe(SPAN_KIND.server);
    expect(root.serviceName).toBe('perch');
    expect(root.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.route': '/v2/users/{username}',
      'http.response.status_code': 200,
      'perch.request_id': local.requestId,
      'perch.operation': 'getUser',
      'perch.platform': 'local',
      'perch.credits': local.credits,
      'perch.items': 1,
    });
    expect(local.credits).toBeGreaterThan(0);
    expect(root.statusCode).not.toBe(2);

    const steps = childrenOf(root).filter((span) => !isDbSpan(span));
    expect(steps.map((span) => span.name).sort()).toEqual(['perch.key_lookup', 'perch.metering.hold', 'perch.metering.settle', 'perch.platform_read']);
    // The steps ran in this order, each inside the call.
    const [lookup, hold, read, settle] = ['perch.key_lookup', 'perch.metering.hold', 'perch.platform_read', 'perch.metering.settle'].map((name) => named(steps, name));
    expect(read.attributes).toMatchObject({ 'perch.platform': 'local', 'perch.operation': 'getUser' });

    // Database statement groups: the hold's own statement by its pg name, the read's by verb and table.
    expect(descendantsOf(hold).filter(isDbSpan).map((span) => span.name)).toContain('perch_credits_place_hold');
    const readStatements = descendantsOf(read).filter(isDbSpan);
    expect(readStatements.length).toBeGreaterThan(0);
    for (const statement of readStatements) {
      expect(statement.kind).toBe(SPAN_KIND.client);
      expect(statement.attributes['db.operation.name']).toMatch(/^[A-Z]+$/);
      expect(statement.attributes['perch.db.pool']).toMatch(/^(main|meter)$/);
    }
    expect(readStatements.some((span) => span.attributes['db.collection.name'] === 'users')).toBe(true);
    expect(descendantsOf(settle).some(isDbSpan)).toBe(true);
    // A fresh server's key cache is empty: the first call's key is read from the database.
    expect(descendantsOf(lookup).some(isDbSpan)).toBe(true);

    // One trace, every span in it reachable from the root.
    expect(new Set(spans.map((span) => span.traceId)).size).toBe(1);
    expect(descendantsOf(root).length).toBe(spans.length - 1);
    // The call's log line names the same trace: from a customer's request id to the trace.
    const line = await callLine(local.requestId);
    expect(line).toMatchObject({ msg: 'call', operation: 'getUser', status: 200, trace_id: root.traceId });

    // No SQL text or values, no username, no key in any span.
    const everything = JSON.stringify(spans);
    expect(everything).not.toContain(username);
    expect(everything).not.toContain(account.key);
    expect(everything).not.toContain(account.userId);
    expect(everything).not.toMatch(/SELECT .* FROM|\$1/);
  });

  it('getUser served by X: the request to X is a client span under the platform read, in a trace of its own', async () => {
    const x = await tracedCall('/v2/users/alice', { 'perch-platform': 'x' });
    const { root, childrenOf, descendantsOf, spans } = x.tree;
    expect(x.tree.root.traceId).not.toBe(local.tree.root.traceId);
    expect(root.attributes).toMatchObject({ 'perch.request_id': x.requestId, 'perch.operation': 'getUser', 'perch.platform': 'x', 'perch.upstream_requests': 1, 'http.response.status_code': 200 });

    const read = named(childrenOf(root), 'perch.platform_read');
    const upstream = descendantsOf(read).filter((span) => span.attributes['perch.upstream'] === 'x');
    expect(upstream.map((span) => span.name)).toEqual(['x GET /2/users/by/username/{username}']);
    expect(upstream[0].kind).toBe(SPAN_KIND.client);
    expect(upstream[0].attributes).toMatchObject({ 'http.request.method': 'GET', 'http.response.status_code': 200, 'server.address': '127.0.0.1' });
    // It reached the fake X: one request for the profile.
    expect(fake.calls.filter((call) => call.startsWith('GET /2/users/by/username/alice'))).toHaveLength(1);
    expect((await callLine(x.requestId)).trace_id).toBe(root.traceId);
    expect(JSON.stringify(spans)).not.toContain('alice');
    expect(JSON.stringify(spans)).not.toContain(fake.bearerToken);
  });

  it('a refused call is traced too, its span marked by the answer', async () => {
    const response = await fetch(`${server.url}/v2/users/${username}`, { headers: { authorization: 'Bearer perch_not_a_key' } });
    const body = (await response.json()) as { error: { request_id?: string }; meta?: { request_id: string } };
    expect(response.status).toBe(401);
    const requestId = response.headers.get('x-request-id')!;
    expect(requestId).toBeTruthy();
    let root: ReceivedSpan | undefined;
    await waitFor(() => (root = receiver.spans.find((span) => span.attributes['perch.request_id'] === requestId)) !== undefined, 15_000);
    expect(body).toBeDefined();
    expect(root!.attributes).toMatchObject({ 'http.response.status_code': 401, 'perch.error_code': 'unauthorized', 'perch.operation': 'getUser' });
    // A client's error is no server failure.
    expect(root!.statusCode).not.toBe(2);
    const lookup = named(spanTree(receiver.spans, root!.traceId).childrenOf(root!), 'perch.key_lookup');
    expect(lookup.statusCode).toBe(2);
  });

  it('the exporter sent nothing else than JSON to /v1/traces', () => {
    expect(receiver.refused).toEqual([]);
  });
});
