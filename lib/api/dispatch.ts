import { localPlatform } from '@/lib/platform/local';
import type { Platform } from '@/lib/platform/platform';
import { authenticateRequest } from './authenticate-request';
import type { Caller } from './define-operation';
import { errorResponse } from './envelope';
import { ApiError } from './errors';
import { openApiResponse } from './openapi-response';
import { ROUTED_OPERATIONS } from './registry';
import { newRequestId } from './request-id';
import { createRouter } from './router';
import { runOperation } from './run-operation';
import { toApiError } from './to-api-error';

const route = createRouter(ROUTED_OPERATIONS);

export type DispatchOptions = {
  /** A caller already authenticated another way (the dashboard's session); skips the key. */
  caller?: Caller;
  platform?: Platform;
};

/** The whole /v2 API: a Web Request in, a Web Response out (contract sections 1–8). */
export async function dispatch(request: Request, options: DispatchOptions = {}): Promise<Response> {
  const started = performance.now();
  const requestId = newRequestId();
  const latency = () => Math.round(performance.now() - started);
  let rateHeaders: Record<string, string> = {};
  try {
    const url = new URL(request.url);
    if (url.pathname === '/v2/openapi.json' && request.method === 'GET') return openApiResponse(requestId);
    const match = route(request.method, url.pathname);
    // A wrong path or method sent with a valid key is still one of that key's requests: it
    // counts and carries the rate-limit headers. Without a valid key the path error is reported.
    if (match.kind !== 'found' && !options.caller) rateHeaders = await rateHeadersOfValidKey(request);
    if (match.kind === 'none') throw new ApiError('not_found', `no operation at ${request.method} ${url.pathname}: see /v2/openapi.json`);
    if (match.kind === 'wrong_method') {
      throw new ApiError('method_not_allowed', `${url.pathname} does not take ${request.method}; it takes ${match.allowed.join(', ')}`, undefined, {
        allow: match.allowed.join(', '),
      });
    }
    let caller = options.caller;
    if (!caller) {
      const authenticated = await authenticateRequest(request);
      caller = authenticated.caller;
      rateHeaders = authenticated.rateHeaders;
    }
    return await runOperation({
      request,
      url,
      operation: match.operation,
      pathParams: match.params,
      caller,
      requestId,
      started,
      rateHeaders,
      platform: options.platform ?? localPlatform,
    });
  } catch (error) {
    return errorResponse(toApiError(error, requestId), requestId, latency(), rateHeaders);
  }
}

/** The rate-limit headers of the request's key, or none when it has no valid key; a 429 is thrown as for any call. */
async function rateHeadersOfValidKey(request: Request): Promise<Record<string, string>> {
  if (!request.headers.has('authorization')) return {};
  try {
    return (await authenticateRequest(request)).rateHeaders;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'unauthorized') return {};
    throw error;
  }
}
