import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '@/lib/api/dispatch';
import { onCallEnd } from '@/lib/observability/call-end';
import { currentTraceId } from '@/lib/observability/trace-context';
import { startTracing, type RunningTracing } from '@/lib/observability/tracing';
import type { ServedPlatforms } from '@/lib/platform/served-platforms';
import { apiRequest, createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { userWithMost } from '../support/api-subjects';
import { startFakeX, type FakeX } from '../support/fake-x-api';
import { startOtlpReceiver, type OtlpReceiver } from '../support/otlp-receiver';
import { expectLocalGetUserTree, expectNothingIdentifying, expectRefusedCallTraced, expectXGetUserTree, tracedAnswer, type TracedCall } from '../support/trace-checks';
import { xPlatforms, xWorld } from '../support/x-world';

// The same span tree as tracing-spans.test.ts, in this process: tracing started here against a
// receiver in the test, /v2 calls through dispatch (the embedded platform and X served by the
// fake), before any database pool opens (its statements become spans). The call-end listeners
// (the call log line among them) run inside the call's span: currentTraceId() there is the
// call's trace.

// Per-call database holds: the hold and the settle are statements of their own.
process.env.PERCH_CREDIT_LEASES = '0';
// Spans exported within a tenth of a second of ending, not the default 5 s (the processor reads it).
process.env.OTEL_BSP_SCHEDULE_DELAY = '100';

let receiver: OtlpReceiver;
let fake: FakeX;
let tracing: RunningTracing | null;
let platforms: ServedPlatforms;
let account: ApiAccount;
/** The trace id each call's listeners saw, by request id. */
const seenByListener = new Map<string, string | undefined>();

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  tracing = await startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
  onCallEnd((end) => seenByListener.set(end.requestId, currentTraceId()));
  fake = await startFakeX(xWorld());
  platforms = xPlatforms(fake);
  account = await createApiAccount({ label: 'tracing-in-process' });
});

afterAll(async () => {
  await tracing?.stop();
  await fake?.close();
  await receiver?.close();
  await expectLedgersBalanced();
});

/** Calls dispatch and waits for the call's trace. */
async function tracedCall(path: string, headers: Record<string, string> = {}): Promise<TracedCall> {
  return tracedAnswer(receiver, await dispatch(apiRequest('GET', path, { key: account.key, headers: { 'perch-platform': 'local', ...headers } }), { platforms }));
}

describe('traces of /v2 calls', () => {
  let local: TracedCall;
  let username: string;

  it('getUser on the embedded platform: a server span with the key lookup, metering and platform read under it', async () => {
    username = await userWithMost.followers();
    local = await tracedCall(`/v2/users/${username}`);
    expectLocalGetUserTree(local, process.env.OTEL_SERVICE_NAME || 'perch');
    // The call's listeners (the log line's trace_id) ran inside its span.
    expect(seenByListener.get(local.requestId)).toBe(local.tree.root.traceId);
    expectNothingIdentifying(local.tree.spans, [username, account.key, account.userId]);
  });

  it('getUser served by X: the request to X is a client span under the platform read, in a trace of its own', async () => {
    const x = await tracedCall('/v2/users/alice', { 'perch-platform': 'x' });
    expect(x.tree.root.traceId).not.toBe(local.tree.root.traceId);
    expectXGetUserTree(x);
    // It reached the fake X: one request for the profile.
    expect(fake.calls.filter((call) => call.startsWith('GET /2/users/by/username/alice'))).toHaveLength(1);
    expect(seenByListener.get(x.requestId)).toBe(x.tree.root.traceId);
    expectNothingIdentifying(x.tree.spans, ['alice', fake.bearerToken]);
  });

  it('a refused call is traced too, its span marked by the answer', async () => {
    await expectRefusedCallTraced(receiver, await dispatch(apiRequest('GET', `/v2/users/${username}`, { key: 'perch_not_a_key', headers: { 'perch-platform': 'local' } }), { platforms }));
  });

  it('the exporter sent nothing else than JSON to /v1/traces', () => {
    expect(receiver.refused).toEqual([]);
  });
});
