import { describe, expect, it, vi } from 'vitest';
import { statementGroup, traceStatements } from '@/lib/observability/db-spans';
import { inSpan, isTracing } from '@/lib/observability/spans';
import { currentTraceId } from '@/lib/observability/trace-context';
import { startTracing, tracesUrl, tracingRequested } from '@/lib/observability/tracing';
import { startOtlpReceiver } from '../support/otlp-receiver';

// Tracing off (no OTEL_EXPORTER_OTLP_ENDPOINT) must cost nothing: the SDK is never imported and
// a span helper is its function's call. The SDK modules are wrapped to count their loading: a
// module factory runs on the first import only, so a count of 0 means never loaded.

const loads = vi.hoisted(() => ({ sdk: 0, exporter: 0 }));
vi.mock('@opentelemetry/sdk-node', async (original) => {
  loads.sdk += 1;
  return await original();
});
vi.mock('@opentelemetry/exporter-trace-otlp-http', async (original) => {
  loads.exporter += 1;
  return await original();
});

describe('tracing off', () => {
  it('is off without an endpoint, and with the SDK disabled', () => {
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: '' })).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SDK_DISABLED: 'true' })).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' })).toBe(true);
    expect(tracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toBe('http://collector:4318/v1/traces');
    expect(tracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://other:4318/traces' })).toBe('http://other:4318/traces');
  });

  it('loads nothing of the SDK, and a span helper returns its function’s own promise', async () => {
    expect(await startTracing({})).toBeNull();
    expect(isTracing()).toBe(false);
    const promise = Promise.resolve(42);
    let given: unknown = 'not called';
    expect(
      inSpan('perch.anything', { a: 1 }, (span) => {
        given = span;
        return promise;
      }),
    ).toBe(promise);
    expect(given).toBeUndefined();
    expect(currentTraceId()).toBeUndefined();
    // A pool's query is left as it is: no wrapper in the way of any statement.
    const query = () => Promise.resolve({ rows: [] });
    const pool = { query };
    expect(traceStatements(pool as never, 'main')).toBe(pool);
    expect(pool.query).toBe(query);
    expect(loads).toEqual({ sdk: 0, exporter: 0 });
  });

  it('with an endpoint, loads the SDK and gives spans their trace id (the log line’s)', async () => {
    const receiver = await startOtlpReceiver();
    const tracing = await startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: `${receiver.url}/`, OTEL_SERVICE_NAME: 'perch-unit' });
    expect(tracing).not.toBeNull();
    expect(loads).toEqual({ sdk: 1, exporter: 1 });
    try {
      expect(isTracing()).toBe(true);
      expect(currentTraceId()).toBeUndefined();
      const seen = await inSpan('perch.outer', undefined, async (outer) => {
        const inner = await inSpan('perch.inner', undefined, async (span) => {
          await new Promise((resolve) => setTimeout(resolve, 1));
          return { id: currentTraceId(), spanTrace: span?.spanContext().traceId };
        });
        return { outer: outer?.spanContext().traceId, ...inner };
      });
      expect(seen.outer).toMatch(/^[0-9a-f]{32}$/);
      // The active span's trace, carried through awaits and timers (AsyncLocalStorage).
      expect(seen.id).toBe(seen.outer);
      expect(seen.spanTrace).toBe(seen.outer);
      await expect(inSpan('perch.failing', undefined, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
      const pool = { query: (text: string) => Promise.resolve({ text }) };
      traceStatements(pool as never, 'main');
      expect(await inSpan('perch.outer', undefined, () => pool.query('SELECT 1'))).toEqual({ text: 'SELECT 1' });
      // The stop flushes what is buffered: the spans reach the receiver, nested as they ran.
      await tracing!.stop();
      const outer = receiver.spans.find((span) => span.name === 'perch.outer' && span.traceId === seen.outer)!;
      expect(outer).toMatchObject({ parentSpanId: '', serviceName: 'perch-unit' });
      expect(receiver.spans.find((span) => span.name === 'perch.inner')).toMatchObject({ traceId: seen.outer, parentSpanId: outer.spanId });
      expect(receiver.spans.find((span) => span.name === 'perch.failing')).toMatchObject({ statusCode: 2, attributes: { 'error.type': 'Error' } });
      expect(receiver.spans.find((span) => span.name === 'SELECT')).toMatchObject({ kind: 3, attributes: { 'db.system.name': 'postgresql', 'perch.db.pool': 'main' } });
    } finally {
      await tracing!.stop();
      await receiver.close();
    }
    expect(isTracing()).toBe(false);
    expect(currentTraceId()).toBeUndefined();
  });
});

describe('span names carry no values', () => {
  it('groups a statement by its pg name, else by verb and first table', () => {
    expect(statementGroup({ name: 'perch_credits_place_hold', text: 'WITH held AS (UPDATE credit_balances SET …) SELECT …' }).name).toBe('perch_credits_place_hold');
    expect(statementGroup('SELECT id, username FROM platform.users WHERE username = $1').name).toBe('SELECT users');
    expect(statementGroup({ text: 'SELECT "public"."User"."id" FROM "public"."User" WHERE "id" = $1' }).name).toBe('SELECT User');
    expect(statementGroup('  -- a comment\n insert into api_keys (id) values ($1)').name).toBe('INSERT api_keys');
    expect(statementGroup('UPDATE "credit_holds" SET settled = true').name).toBe('UPDATE credit_holds');
    expect(statementGroup('BEGIN')).toMatchObject({ name: 'BEGIN', table: undefined });
    expect(statementGroup("SELECT 'jack' AS who").name).toBe('SELECT');
  });
});
