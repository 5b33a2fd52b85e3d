import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

// A local OTLP/HTTP trace receiver: what a collector would get from Perch's exporter
// (@opentelemetry/exporter-trace-otlp-http posts JSON to <endpoint>/v1/traces), kept in memory
// as flat spans with their attributes read out of OTLP's typed values.

export type ReceivedSpan = {
  traceId: string;
  spanId: string;
  /** Empty for a root span. */
  parentSpanId: string;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, unknown>;
  /** OTLP's status code: 0 unset, 1 ok, 2 error. */
  statusCode: number;
  /** The resource's service.name. */
  serviceName: unknown;
};

export type OtlpReceiver = {
  url: string;
  spans: ReceivedSpan[];
  /** Requests that were not a POST to /v1/traces, or not JSON (none expected). */
  refused: string[];
  close(): Promise<void>;
};

type OtlpValue = { stringValue?: string; intValue?: number | string; doubleValue?: number; boolValue?: boolean; arrayValue?: { values?: OtlpValue[] } };
type OtlpAttribute = { key: string; value: OtlpValue };
type OtlpSpan = { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes?: OtlpAttribute[]; status?: { code?: number } };
type OtlpRequest = { resourceSpans?: Array<{ resource?: { attributes?: OtlpAttribute[] }; scopeSpans?: Array<{ spans?: OtlpSpan[] }> }> };

function valueOf(value: OtlpValue): unknown {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(valueOf);
  return undefined;
}

function attributesOf(list: OtlpAttribute[] | undefined): Record<string, unknown> {
  return Object.fromEntries((list ?? []).map(({ key, value }) => [key, valueOf(value)]));
}

/** Ids as hex, whether the exporter wrote them as hex (its JSON default) or base64. */
function hexId(id: string | undefined): string {
  if (!id) return '';
  return /^[0-9a-f]+$/i.test(id) ? id.toLowerCase() : Buffer.from(id, 'base64').toString('hex');
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const refused: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const type = request.headers['content-type'] ?? '';
      if (request.method !== 'POST' || request.url !== '/v1/traces' || !type.includes('json')) {
        refused.push(`${request.method} ${request.url} ${type}`);
        response.writeHead(404).end();
        return;
      }
      const raw = Buffer.concat(chunks);
      const body = JSON.parse((request.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw) : raw).toString('utf8')) as OtlpRequest;
      for (const resourceSpans of body.resourceSpans ?? []) {
        const serviceName = attributesOf(resourceSpans.resource?.attributes)['service.name'];
        for (const scope of resourceSpans.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) {
            spans.push({
              traceId: hexId(span.traceId),
              spanId: hexId(span.spanId),
              parentSpanId: hexId(span.parentSpanId),
              name: span.name,
              kind: span.kind,
              attributes: attributesOf(span.attributes),
              statusCode: span.status?.code ?? 0,
              serviceName,
            });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A trace's spans as a tree: each span's children by parentSpanId. */
export type SpanTree = { root: ReceivedSpan; childrenOf(span: ReceivedSpan): ReceivedSpan[]; descendantsOf(span: ReceivedSpan): ReceivedSpan[]; spans: ReceivedSpan[] };

export function spanTree(spans: ReceivedSpan[], traceId: string): SpanTree {
  const inTrace = spans.filter((span) => span.traceId === traceId);
  const roots = inTrace.filter((span) => span.parentSpanId === '');
  if (roots.length !== 1) throw new Error(`trace ${traceId} has ${roots.length} root spans: ${roots.map((span) => span.name).join(', ')}`);
  const childrenOf = (parent: ReceivedSpan) => inTrace.filter((span) => span.parentSpanId === parent.spanId);
  const descendantsOf = (parent: ReceivedSpan): ReceivedSpan[] => childrenOf(parent).flatMap((child) => [child, ...descendantsOf(child)]);
  return { root: roots[0], childrenOf, descendantsOf, spans: inTrace };
}
