import type { Span } from '@opentelemetry/api';
import type { CallEnd } from './call-end';
import { failSpan, inSpan, isTracing, SPAN_KIND } from './spans';

// The span of one /v2 call (lib/api/dispatch.ts): its children are the key lookup, metering,
// the platform read, upstream requests and database statements. Its attributes say what was
// called and how it ended, never who: no username, key or account; the request id
// (perch.request_id, the same as meta.request_id and the log line's) finds it from either.

export { isTracing, type Span };

/** Runs a /v2 call inside its span (a server span, named by method until the route is known). */
export function inCallSpan<T>(method: string, fn: (span?: Span) => Promise<T>): Promise<T> {
  return inSpan(`${method} /v2`, { 'http.request.method': method }, fn, SPAN_KIND.server);
}

/** Names the call's span by its route and records how the call ended. */
export function describeCallSpan(span: Span, end: CallEnd, method: string, route: string | undefined): void {
  if (route) {
    span.updateName(`${method} ${route}`);
    span.setAttribute('http.route', route);
  }
  span.setAttributes({
    'http.response.status_code': end.status,
    'perch.request_id': end.requestId,
    'perch.operation': end.operation,
    'perch.credits': end.credits,
    'perch.items': end.items,
    'perch.upstream_requests': end.upstreamRequests,
  });
  if (end.platform) span.setAttribute('perch.platform', end.platform);
  if (end.source) span.setAttribute('perch.source', end.source);
  if (end.errorCode) span.setAttribute('perch.error_code', end.errorCode);
  // A server span fails on a 5xx only: a 4xx is the client's mistake, answered as designed.
  if (end.status >= 500) failSpan(span, Object.assign(new Error(end.errorCode ?? `status ${end.status}`), { name: end.errorCode ?? 'ServerError' }));
}
