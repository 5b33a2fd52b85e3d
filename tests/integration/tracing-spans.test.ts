import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@/lib/admin/create-account';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { waitFor } from '../support/account-fixtures';
import { userWithMost } from '../support/api-subjects';
import { startServer, type RunningServer } from '../support/api-server';
import { browser, signInOverHttp } from '../support/dashboard-http';
import { startFakeX, type FakeX } from '../support/fake-x-api';
import { startOtlpReceiver, type OtlpReceiver } from '../support/otlp-receiver';
import { expectLocalGetUserTree, expectNothingIdentifying, expectRefusedCallTraced, expectXGetUserTree, isDbSpan, named, traceOf, tracedAnswer, type TracedCall } from '../support/trace-checks';
import { xWorld } from '../support/x-world';

// server.ts with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a receiver in this test: each /v2 call
// arrives as one trace whose root span is the call and whose children are its steps (key
// lookup, metering, platform read, the database statements under them, the request to X),
// found from the call's request id, and carrying nothing that names a user or a key.

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

/** Calls the server over HTTP and waits for the call's trace. */
async function tracedCall(path: string, headers: Record<string, string> = {}): Promise<TracedCall> {
  return tracedAnswer(receiver, await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${account.key}`, ...headers } }));
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

describe('traces of /v2 calls', () => {
  let local: TracedCall;
  let username: string;

  it('getUser on the embedded platform: a server span with the key lookup, metering and platform read under it', async () => {
    username = await userWithMost.followers();
    local = await tracedCall(`/v2/users/${username}`);
    expectLocalGetUserTree(local, 'perch');
    // The call's log line names the same trace: from a customer's request id to the trace.
    const line = await callLine(local.requestId);
    expect(line).toMatchObject({ msg: 'call', operation: 'getUser', status: 200, trace_id: local.tree.root.traceId });
    expectNothingIdentifying(local.tree.spans, [username, account.key, account.userId]);
  });

  it('getUser served by X: the request to X is a client span under the platform read, in a trace of its own', async () => {
    const x = await tracedCall('/v2/users/alice', { 'perch-platform': 'x' });
    expect(x.tree.root.traceId).not.toBe(local.tree.root.traceId);
    expectXGetUserTree(x);
    // It reached the fake X: one request for the profile.
    expect(fake.calls.filter((call) => call.startsWith('GET /2/users/by/username/alice'))).toHaveLength(1);
    expect((await callLine(x.requestId)).trace_id).toBe(x.tree.root.traceId);
    expectNothingIdentifying(x.tree.spans, ['alice', fake.bearerToken]);
  });

  it('a refused call is traced too, its span marked by the answer', async () => {
    await expectRefusedCallTraced(receiver, await fetch(`${server.url}/v2/users/${username}`, { headers: { authorization: 'Bearer perch_not_a_key' } }));
  });

  it('a playground call, answered by the dashboard’s process, is traced there: metering and platform read under it', { timeout: 120_000 }, async () => {
    const email = `tracing-${crypto.randomBytes(4).toString('hex')}@example.test`;
    const user = await createAccount({ email, password: 'correct horse battery', credits: 10_000 });
    const dashboard = browser(server.url);
    expect((await signInOverHttp(dashboard, email, 'correct horse battery')).ok).toBe(true);
    const response = await dashboard.fetch(`/api/dashboard/v2/users/${username}`, { headers: { 'x-perch-dashboard': '1', 'x-perch-source': 'playground' } });
    const body = (await response.json()) as { meta: { request_id: string } };
    expect(response.status).toBe(200);
    const { root: call, spans, childrenOf, descendantsOf } = await traceOf(receiver, body.meta.request_id);
    // The call is its trace's root, as in server.ts: none of Next.js's spans (they name raw URLs).
    expect(call.attributes['perch.request_id']).toBe(body.meta.request_id);
    expect(descendantsOf(call).length).toBe(spans.length - 1);
    expect(call.attributes).toMatchObject({ 'perch.operation': 'getUser', 'perch.platform': 'local', 'perch.source': 'playground', 'http.response.status_code': 200 });
    const read = named(childrenOf(call), 'perch.platform_read');
    expect(named(childrenOf(call), 'perch.metering.hold')).toBeDefined();
    expect(descendantsOf(read).some((span) => isDbSpan(span) && span.attributes['db.collection.name'] === 'users')).toBe(true);
    expectNothingIdentifying(spans, [username, email, user.id]);
  });

  it('the exporter sent nothing else than JSON to /v1/traces', () => {
    expect(receiver.refused).toEqual([]);
  });
});
