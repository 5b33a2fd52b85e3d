import { setActiveTracing } from './spans';

// OpenTelemetry traces, on when OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)
// is set: the Node SDK with an OTLP HTTP exporter (JSON over HTTP, to <endpoint>/v1/traces)
// behind a BatchSpanProcessor (OTEL_BSP_* tune it), service.name `perch` unless
// OTEL_SERVICE_NAME says otherwise. No auto-instrumentation: Perch makes its own spans
// (lib/observability/spans.ts), so nothing patches node:http, pg or fetch. Unset, nothing of
// the SDK is ever loaded (dynamic imports below) and every span helper just calls its function.

type Env = Record<string, string | undefined>;

export type RunningTracing = {
  /** Exports the spans still buffered and stops tracing (a shutdown step of server.ts). */
  stop(): Promise<void>;
};

/** Whether `env` asks for traces. */
export function tracingRequested(env: Env = process.env): boolean {
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  // The SDK's own switch: disabled, it would register nothing and every span would be a no-op paid for.
  return Boolean(endpoint) && env.OTEL_SDK_DISABLED?.trim().toLowerCase() !== 'true';
}

/** Where spans are posted: the traces endpoint as given, or the base endpoint's /v1/traces (the OTLP rule). */
export function tracesUrl(env: Env): string {
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces) return traces;
  return `${(env.OTEL_EXPORTER_OTLP_ENDPOINT ?? '').trim().replace(/\/+$/, '')}/v1/traces`;
}

/**
 * Starts tracing when the environment asks for it; null (and nothing loaded) when it does not.
 * `perchSpansOnly`: the SDK's tracer provider does not stay the process's global one, so that a
 * library tracing through the OpenTelemetry API traces nothing. The dashboard's process asks for
 * it: Next.js traces every request it serves, its spans naming the raw URL (`http.target`:
 * /api/dashboard/v2/users/<username>), and nothing traced may name a user.
 */
export async function startTracing(env: Env = process.env, { perchSpansOnly = false }: { perchSpansOnly?: boolean } = {}): Promise<RunningTracing | null> {
  if (!tracingRequested(env)) return null;
  const [{ NodeSDK }, { OTLPTraceExporter }, { BatchSpanProcessor }, api] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/api'),
  ]);
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME || 'perch',
    // Headers, timeout and compression come from the OTEL_EXPORTER_OTLP_* variables; the batch's
    // delay and sizes from OTEL_BSP_*.
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: tracesUrl(env) }))],
    instrumentations: [],
    // Traces only: metrics are Prometheus's (/metrics), logs are pino's lines on stdout.
    metricReaders: [],
    logRecordProcessors: [],
  });
  // Registers the tracer provider and the AsyncLocalStorage context manager that carries the
  // active span through a call's awaits.
  sdk.start();
  // The SDK's own tracer (the global provider hands out its delegate's tracers once one is registered).
  const tracer = api.trace.getTracer('perch');
  // The context manager stays: Perch's spans find their parent through it.
  if (perchSpansOnly) api.trace.disable();
  setActiveTracing({ tracer, activeTraceId: () => api.trace.getActiveSpan()?.spanContext().traceId });
  return {
    async stop() {
      setActiveTracing(null);
      await sdk.shutdown();
    },
  };
}
