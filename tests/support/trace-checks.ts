import { expect } from 'vitest';
import { waitFor } from './account-fixtures';
import { spanTree, type OtlpReceiver, type ReceivedSpan, type SpanTree } from './otlp-receiver';

// The checks both trace tests make (tracing-in-process: dispatch in the test's process;
// tracing-spans: a real server.ts): the span tree of a getUser call, the request to X under
// it, a refused call's span, and that no span names a user, a key or SQL.

export const SPAN_KIND = { internal: 1, server: 2, client: 3 };

export const isDbSpan = (span: ReceivedSpan) => span.attributes['db.system.name'] === 'postgresql';

/** The one span of `spans` called `name`. */
export function named(spans: ReceivedSpan[], name: string): ReceivedSpan {
  const found = spans.filter((span) => span.name === name);
  expect(found.map((span) => span.name)).toEqual([name]);
  return found[0];
}

/** The trace of the call with `requestId`, once its root span (exported last, carrying the request id) arrived. */
export async function traceOf(receiver: OtlpReceiver, requestId: string): Promise<SpanTree> {
  let root: ReceivedSpan | undefined;
  await waitFor(() => (root = receiver.spans.find((span) => span.attributes['perch.request_id'] === requestId)) !== undefined, 15_000);
  return spanTree(receiver.spans, root!.traceId);
}

export type TracedCall = { requestId: string; credits: number; tree: SpanTree };

/** The JSON answer of a traced call, and its trace. */
export async function tracedAnswer(receiver: OtlpReceiver, response: Response): Promise<TracedCall> {
  const body = (await response.json()) as { meta: { request_id: string; credits_charged: number } };
  expect(response.status).toBe(200);
  const requestId = body.meta.request_id;
  return { requestId, credits: body.meta.credits_charged, tree: await traceOf(receiver, requestId) };
}

/**
 * A getUser call on the embedded platform: a server span with the key lookup, the hold, the
 * platform read and the settle under it, the database statements under those, one trace.
 */
export function expectLocalGetUserTree(call: TracedCall, serviceName: string): void {
  const { root, childrenOf, descendantsOf, spans } = call.tree;
  expect(root.name).toBe('GET /v2/users/{username}');
  expect(root.kind).toBe(SPAN_KIND.server);
  expect(root.serviceName).toBe(serviceName);
  expect(root.attributes).toMatchObject({
    'http.request.method': 'GET',
    'http.route': '/v2/users/{username}',
    'http.response.status_code': 200,
    'perch.request_id': call.requestId,
    'perch.operation': 'getUser',
    'perch.platform': 'local',
    'perch.credits': call.credits,
    'perch.items': 1,
  });
  expect(call.credits).toBeGreaterThan(0);
  expect(root.statusCode).not.toBe(2);

  const steps = childrenOf(root).filter((span) => !isDbSpan(span));
  expect(steps.map((span) => span.name).sort()).toEqual(['perch.key_lookup', 'perch.metering.hold', 'perch.metering.settle', 'perch.platform_read']);
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
  // The process's key cache is empty: the first call's key is read from the database.
  expect(descendantsOf(lookup).some(isDbSpan)).toBe(true);

  // One trace, every span in it reachable from the root.
  expect(new Set(spans.map((span) => span.traceId)).size).toBe(1);
  expect(descendantsOf(root).length).toBe(spans.length - 1);
}

/** A getUser call served by X: the request to X is a client span under the platform read. */
export function expectXGetUserTree(call: TracedCall): void {
  const { root, childrenOf, descendantsOf } = call.tree;
  expect(root.attributes).toMatchObject({ 'perch.request_id': call.requestId, 'perch.operation': 'getUser', 'perch.platform': 'x', 'perch.upstream_requests': 1, 'http.response.status_code': 200 });
  const read = named(childrenOf(root), 'perch.platform_read');
  const upstream = descendantsOf(read).filter((span) => span.attributes['perch.upstream'] === 'x');
  expect(upstream.map((span) => span.name)).toEqual(['x GET /2/users/by/username/{username}']);
  expect(upstream[0].kind).toBe(SPAN_KIND.client);
  expect(upstream[0].attributes).toMatchObject({ 'http.request.method': 'GET', 'http.response.status_code': 200, 'server.address': '127.0.0.1' });
}

/** No SQL text or values, and none of `secrets` (usernames, keys, account ids), in any span. */
export function expectNothingIdentifying(spans: ReceivedSpan[], secrets: string[]): void {
  const everything = JSON.stringify(spans);
  for (const secret of secrets) expect(everything).not.toContain(secret);
  expect(everything).not.toMatch(/SELECT .* FROM|\$1/);
}

/** A call refused for its key (401) is traced too: its span marked by the answer, the key lookup failed. */
export async function expectRefusedCallTraced(receiver: OtlpReceiver, response: Response): Promise<void> {
  expect(response.status).toBe(401);
  const requestId = response.headers.get('x-request-id')!;
  expect(requestId).toBeTruthy();
  const { root, childrenOf } = await traceOf(receiver, requestId);
  expect(root.attributes).toMatchObject({ 'http.response.status_code': 401, 'perch.error_code': 'unauthorized', 'perch.operation': 'getUser' });
  // A client's error is no server failure.
  expect(root.statusCode).not.toBe(2);
  expect(named(childrenOf(root), 'perch.key_lookup').statusCode).toBe(2);
}
