import { buildOpenApiDocument } from './openapi';
import { ROUTED_OPERATIONS } from './registry';

let cached: string | undefined;

/** GET (and HEAD) /v2/openapi.json: no key needed, built once per process from the registry. */
export function openApiResponse(requestId: string, { head = false } = {}): Response {
  cached ??= JSON.stringify(buildOpenApiDocument(ROUTED_OPERATIONS));
  // HEAD: the headers GET would send, including the length of the body it leaves out.
  return new Response(head ? null : cached, {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(cached)),
      'x-request-id': requestId,
      'cache-control': 'public, max-age=300',
      'access-control-allow-origin': '*',
    },
  });
}
