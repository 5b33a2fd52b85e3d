import { buildOpenApiDocument } from './openapi';
import { ROUTED_OPERATIONS } from './registry';

let cached: string | undefined;

/** GET /v2/openapi.json: no key needed, built once per process from the registry. */
export function openApiResponse(requestId: string): Response {
  cached ??= JSON.stringify(buildOpenApiDocument(ROUTED_OPERATIONS));
  return new Response(cached, {
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': requestId, 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*' },
  });
}
