import type { Attributes, Span, Tracer } from '@opentelemetry/api';

// Perch's own spans (no auto-instrumentation): one per /v2 call, children for the key lookup,
// metering, the platform read, upstream requests and database statement groups. Tracing is
// off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (lib/observability/tracing.ts); off, a span
// helper is one null check and the call of its function: nothing of OpenTelemetry is loaded
// (this module imports its types only).

/** What tracing.ts hands over once the SDK runs: the tracer, and how to read the active trace. */
export type ActiveTracing = { tracer: Tracer; activeTraceId(): string | undefined };

// On globalThis because Next.js loads its own copy of this module in the dashboard's process:
// the tracer dashboard-server.ts starts must trace the calls its bundled dispatch answers.
const globalForTracing = globalThis as typeof globalThis & { perchTracing?: { active: ActiveTracing | null } };
const tracing = (globalForTracing.perchTracing ??= { active: null });

/** Installs (or, with null, removes) the running tracer: tracing.ts only. */
export function setActiveTracing(running: ActiveTracing | null): void {
  tracing.active = running;
}

/** Whether spans are recorded in this process. */
export function isTracing(): boolean {
  return tracing.active !== null;
}

/** The active trace's id, or undefined (tracing off, or no span active). */
export function activeTraceId(): string | undefined {
  const active = tracing.active;
  return active === null ? undefined : active.activeTraceId();
}

/**
 * Runs `fn` inside a span named `name` (a child of the active one), ended when `fn` settles;
 * a rejection marks it failed. Off: `fn()` and nothing else. `fn` gets the span (undefined
 * when off) to add what it learns on the way (`span?.setAttribute(…)`).
 */
export function inSpan<T>(name: string, attributes: Attributes | undefined, fn: (span?: Span) => Promise<T>, kind: SpanKindValue = SPAN_KIND.internal): Promise<T> {
  const active = tracing.active;
  return active === null ? fn() : spanned(active.tracer, name, attributes, fn, kind);
}

// SpanKind and SpanStatusCode.ERROR of @opentelemetry/api, written out so that this module loads none of it.
export const SPAN_KIND = { internal: 0, server: 1, client: 2 } as const;
type SpanKindValue = (typeof SPAN_KIND)[keyof typeof SPAN_KIND];
const SPAN_STATUS_ERROR = 2;

function spanned<T>(tracer: Tracer, name: string, attributes: Attributes | undefined, fn: (span?: Span) => Promise<T>, kind: SpanKindValue): Promise<T> {
  return tracer.startActiveSpan(name, { attributes, kind }, async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      failSpan(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Marks a span failed by `error` (its class and message: Perch's errors carry no secrets). */
export function failSpan(span: Span, error: unknown): void {
  span.setStatus({ code: SPAN_STATUS_ERROR, message: error instanceof Error ? error.message.slice(0, 200) : 'failed' });
  span.setAttribute('error.type', error instanceof Error ? error.name : 'Error');
}
