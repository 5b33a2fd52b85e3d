import http from 'node:http';
import https from 'node:https';
import { HttpClient } from '@xdevplatform/xdk';
import { observeUpstream, outcomeOfError, outcomeOfStatus, upstreamMetricsOn, xEndpointOf } from '@/lib/observability/upstream-metrics';
import { inSpan, isTracing, SPAN_KIND } from '@/lib/observability/spans';

// The X SDK sends its requests through an HttpClient that calls the global fetch. Perch gives it
// this one instead, on node:http(s), so that an operator's or a test's HTTPS agent (a private CA,
// a proxy) applies to every call, http:// works for a loopback mock, and a timeout is an error
// named TimeoutError that upstream.ts can tell from a refused connection.

type SdkRequest = { method?: string; headers?: Headers; body?: string; signal?: AbortSignal; timeout?: number };

export class NodeHttpClient extends HttpClient {
  constructor(private readonly agent?: https.Agent) {
    super();
  }

  override request(url: string, options: SdkRequest = {}): Promise<Response> {
    const target = new URL(url);
    if (!isTracing()) return this.send(target, options);
    const method = options.method ?? 'GET';
    // Each request to X is a span of the call's trace (tracing on), named by its endpoint template (ids and usernames masked).
    const template = xEndpointOf(target.pathname);
    return inSpan(
      `x ${method} ${template}`,
      { 'http.request.method': method, 'url.template': template, 'server.address': target.hostname, 'perch.upstream': 'x' },
      async (span) => {
        const answer = await this.send(target, options);
        span?.setAttribute('http.response.status_code', answer.status);
        return answer;
      },
      SPAN_KIND.client,
    );
  }

  private send(target: URL, options: SdkRequest): Promise<Response> {
    const secure = target.protocol === 'https:';
    // Counted and timed by X's endpoint template (ids and usernames masked), metrics on only.
    const measured = upstreamMetricsOn() ? { started: performance.now(), endpoint: xEndpointOf(target.pathname) } : null;
    const observe = (outcome: ReturnType<typeof outcomeOfStatus>) => measured && observeUpstream('x', measured.endpoint, outcome, (performance.now() - measured.started) / 1000);
    const headers = Object.fromEntries(options.headers?.entries() ?? []);
    return new Promise<Response>((resolve, reject) => {
      const request = (secure ? https : http).request(
        target,
        { method: options.method ?? 'GET', headers, ...(secure && this.agent ? { agent: this.agent } : {}), signal: options.signal },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('error', reject);
          answer.on('end', () => {
            const responseHeaders = new Headers();
            for (const [name, value] of Object.entries(answer.headers)) {
              for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) responseHeaders.append(name, one);
            }
            const status = answer.statusCode ?? 502;
            observe(outcomeOfStatus(status));
            // A Response cannot carry a body with 204/304.
            const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
            resolve(new Response(body, { status, statusText: answer.statusMessage ?? '', headers: responseHeaders }));
          });
        },
      );
      if (options.timeout && options.timeout > 0) {
        request.setTimeout(options.timeout, () => {
          const timeout = new Error(`X did not answer within ${options.timeout} ms`);
          timeout.name = 'TimeoutError';
          request.destroy(timeout);
        });
      }
      request.on('error', (error) => {
        observe(outcomeOfError(error));
        reject(error);
      });
      request.end(options.body);
    });
  }
}
