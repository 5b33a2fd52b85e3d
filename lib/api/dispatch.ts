import type { Platform } from '@/lib/platform/platform';
import { getMeter } from '@/lib/metering/meter';
import { getServedPlatforms, type ServedPlatforms } from '@/lib/platform/served-platforms';
import { authenticateRequest, RateLimitedError } from './authenticate-request';
import type { ApiRequest } from './api-request';
import type { Caller, ServedPlatformNames } from './define-operation';
import { creditsRemainingOf } from './credits-remaining';
import { errorResponse } from './envelope';
import { ApiError } from './errors';
import { openApiResponse } from './openapi-response';
import { ROUTED_OPERATIONS } from './registry';
import { newRequestId } from './request-id';
import { createRouter } from './router';
import { msSince, runOperation, type RequestLog } from './run-operation';
import { requestParams } from '@/lib/metering/request-params';
import { selectPlatform } from './select-platform';
import { toApiError } from './to-api-error';
import { toWebResponse, type ApiAnswer } from './serialized-response';
import { callEnded, hasCallListeners, type CallEnd } from '@/lib/observability/call-end';
import { describeCallSpan, inCallSpan, isTracing, type Span } from '@/lib/observability/call-span';

const route = createRouter(ROUTED_OPERATIONS);

export type DispatchOptions = {
  /** A caller already authenticated another way (the dashboard's session); skips the key. */
  caller?: Caller;
  /** The one platform behind every operation, instead of the deployment's (tests). */
  platform?: Platform;
  /**
   * The method the client sent, when the binding could not put it on the Request: fetch
   * refuses to construct TRACE, TRACK and CONNECT requests, which still deserve a 405.
   */
  method?: string;
  /** The platforms served, instead of those configured by the environment (tests). */
  platforms?: ServedPlatforms;
};

/** The API's own prefix; `/V2/…` is routed too (see apiPathname). */
const PREFIX = /^\/v2(?=\/|$)/i;

/** The whole /v2 API: a Web Request in, a Web Response out (contract sections 1–8). */
export async function dispatch(request: Request, options: DispatchOptions = {}): Promise<Response> {
  return toWebResponse(await answerApiRequest(request, options));
}

/** The whole /v2 API for a binding that writes the answer itself (server.ts's node:http path). */
export function answerApiRequest(request: ApiRequest, options: DispatchOptions = {}): Promise<ApiAnswer> {
  // Traced, the call is a span whose children are its steps; the listeners run inside it (the log line reads its trace id).
  return isTracing() ? inCallSpan(options.method ?? request.method, (span) => answerAndReport(request, options, span)) : answerAndReport(request, options);
}

async function answerAndReport(request: ApiRequest, options: DispatchOptions, span?: Span): Promise<ApiAnswer> {
  const started = performance.now();
  const requestId = newRequestId();
  const log: RequestLog = { params: null, operation: UNMATCHED.id, caller: options.caller ?? null, errorCode: null, platform: null, items: 0, credits: 0, upstreamRequests: 0, upstreamCached: 0 };
  const answer = await answerCall(request, options, started, requestId, log);
  if (span) describeCallSpan(span, callEndOf(answer, started, requestId, log), options.method ?? request.method, routeOf(log.operation));
  if (hasCallListeners()) callEnded(callEndOf(answer, started, requestId, log));
  return answer;
}

const routes = new Map(ROUTED_OPERATIONS.map((operation) => [operation.id, operation.path]));

/** The route template of an operation (`/v2/users/{username}`), for the call's span. */
function routeOf(operationId: string): string | undefined {
  return routes.get(operationId);
}

/** The answer to one call, `log` filled as it goes (what the request log and observers read). */
async function answerCall(request: ApiRequest, options: DispatchOptions, started: number, requestId: string, log: RequestLog): Promise<ApiAnswer> {
  let rateHeaders: Record<string, string> = {};
  // Whose call this is, once known: every answer to a valid key (or a dashboard session) is
  // recorded, refusals included (400, 402, 403, 404, 429 …); a 401 has no valid key to file it under.
  let caller = options.caller;
  let operation: { id: string; tag: string } = UNMATCHED;
  try {
    const method = options.method ?? request.method;
    assertWellFormedHost(request.headers.get('host'));
    const url = request.parsedUrl ?? new URL(request.url);
    // Setting a URL's path parses it again: only for the rare `/V2/…`.
    const pathname = apiPathname(url.pathname);
    if (pathname !== url.pathname) url.pathname = pathname;
    if (url.pathname === '/v2/openapi.json' && (method === 'GET' || method === 'HEAD')) {
      // Named in the call line and the metrics, not counted with the paths no operation serves.
      log.operation = OPENAPI_DOCUMENT;
      return await openApiResponse(requestId, { head: method === 'HEAD' });
    }
    const match = route(method, url.pathname);
    // A wrong path or method sent with a valid key is still one of that key's requests: it
    // counts and carries the rate-limit headers. Without a valid key the path error is reported.
    if (match.kind !== 'found' && !options.caller) ({ rateHeaders, caller } = await validKeyOf(request));
    // No operation to read it: the log shows what was asked for.
    if (match.kind !== 'found') log.params = requestParams({ request: { method, path: url.pathname } });
    if (match.kind === 'none') throw new ApiError('not_found', `no operation at ${method} ${url.pathname}: see /v2/openapi.json`);
    if (match.kind === 'wrong_method') {
      // HEAD is refused on operations: it would spend credits on a body the client never gets.
      throw new ApiError('method_not_allowed', `${url.pathname} does not take ${method.slice(0, 20)}; it takes ${match.allowed.join(', ')}`, undefined, {
        allow: match.allowed.join(', '),
      });
    }
    operation = match.operation;
    log.operation = operation.id;
    if (!caller) {
      const authenticated = await authenticateRequest(request);
      caller = authenticated.caller;
      rateHeaders = authenticated.rateHeaders;
    }
    log.caller = caller;
    const served = options.platform ? single(options.platform) : (options.platforms ?? getServedPlatforms());
    const platform = selectPlatform(request, served);
    return await runOperation({
      request,
      url,
      operation: match.operation,
      pathParams: match.params,
      caller,
      requestId,
      started,
      rateHeaders,
      platform,
      served: namesOf(served),
      log,
    });
  } catch (error) {
    const apiError = toApiError(error, requestId);
    const refused = caller ?? (error instanceof RateLimitedError ? error.caller : undefined);
    log.caller = refused ?? null;
    log.errorCode = apiError.code;
    if (refused) {
      getMeter().record({ userId: refused.userId, keyId: refused.keyId, requestId, operation: operation.id, tag: operation.tag, source: refused.source, status: apiError.status, latencyMs: msSince(started),
        params: log.params, errorCode: apiError.code, errorMessage: apiError.message,
      });
    }
    // Perch-Credits-Remaining for any answer to a known account (the refused key's too); a 401 has none.
    const credits = refused ? await creditsRemainingOf(refused.userId, error) : null;
    return errorResponse(apiError, requestId, msSince(started), rateHeaders, credits);
  }
}

/**
 * The path with its prefix in the API's own case. Clients that write `/V2/…` meant the API,
 * not a page of the dashboard; the rest of the path stays case-sensitive (`/v2/Users` is a 404).
 */
export function apiPathname(pathname: string): string {
  return pathname.replace(PREFIX, '/v2');
}

// RFC 9110 Host: a registered name, an IPv4 address or a bracketed IPv6 literal, and an
// optional port up to 65535 (RFC 3986 allows it empty). Userinfo (`u@evil`), stray
// brackets and larger ports are refused.
const HOST = /^(?:[A-Za-z0-9._~!$&'()*+,;=%-]+|\[[0-9A-Fa-f:.]+\])(?::(\d{0,5}))?$/;

function assertWellFormedHost(host: string | null): void {
  // None (HTTP/1.0, direct calls) or empty (allowed for a request target without authority): nothing to check.
  if (host === null || host === '') return;
  const match = HOST.exec(host);
  if (match && (match[1] === undefined || Number(match[1]) <= 65_535)) return;
  throw new ApiError('invalid_request', 'the Host header is malformed: send host or host:port', [{ path: 'host', message: 'malformed Host header' }]);
}

/** The methods the API takes at a path (for an Allow header), or null when no operation lives there. */
export function allowedMethodsAt(pathname: string): string[] | null {
  const path = apiPathname(pathname.split('?')[0]);
  if (path === '/v2/openapi.json') return ['GET', 'HEAD'];
  const match = route('\u0000', path); // a method no operation has: every operation at the path is "allowed"
  return match.kind === 'wrong_method' ? match.allowed : null;
}

/** How usage files a call to a path or method no operation serves. */
const UNMATCHED = { id: 'unmatchedRoute', tag: 'None' };
// GET /v2/openapi.json's name in call lines and metrics: the document lists no operation for itself.
const OPENAPI_DOCUMENT = 'getOpenApi';

/** The request's caller and rate-limit headers, or none when it has no valid key; a 429 is thrown as for any call. */
async function validKeyOf(request: ApiRequest): Promise<{ caller?: Caller; rateHeaders: Record<string, string> }> {
  if (!request.headers.has('authorization')) return { rateHeaders: {} };
  try {
    return await authenticateRequest(request);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'unauthorized') return { rateHeaders: {} };
    throw error;
  }
}

const servedNames = new WeakMap<ServedPlatforms, ServedPlatformNames>();

/** What /v2/account says of the served platforms; built once per deployment, not per call. */
function namesOf(served: ServedPlatforms): ServedPlatformNames {
  let names = servedNames.get(served);
  if (!names) {
    names = { default: served.defaultPlatform.name, available: [...served.byName.keys()] };
    servedNames.set(served, names);
  }
  return names;
}

/** What observers are told of an answered call. */
function callEndOf(answer: ApiAnswer, started: number, requestId: string, log: RequestLog): CallEnd {
  const caller = log.caller;
  return {
    requestId,
    operation: log.operation,
    platform: log.platform,
    status: answer.status,
    errorCode: log.errorCode,
    durationSeconds: (performance.now() - started) / 1000,
    keyId: caller?.keyId ?? null,
    accountId: caller?.userId ?? null,
    source: caller?.source ?? null,
    items: log.items,
    credits: log.credits,
    upstreamRequests: log.upstreamRequests,
    upstreamCached: log.upstreamCached,
  };
}

function single(platform: Platform): ServedPlatforms {
  return { defaultPlatform: platform, byName: new Map([[platform.name, platform]]) };
}
