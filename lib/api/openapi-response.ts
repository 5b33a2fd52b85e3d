import crypto from 'node:crypto';
import { currentListPrices } from './current-prices';
import { buildOpenApiDocument } from './openapi';
import { pricesSignature } from './openapi-prices';
import { ROUTED_OPERATIONS } from './registry';

// The document shows the price list's prices (lib/prices), which change at run time: it is
// built again whenever the prices it shows differ from those of the copy held (a change another
// instance announced, or a scheduled price whose time came), and served from that copy otherwise.
let cached: { signature: string; body: string; etag: string } | undefined;

/** The document as of now, built again only when its prices changed. */
export async function currentOpenApiDocument(): Promise<{ body: string; etag: string }> {
  // The document needs no database otherwise: when the prices cannot be loaded, it shows those
  // this instance holds (the seed's before any load) rather than fail.
  const prices = await currentListPrices();
  const signature = pricesSignature(ROUTED_OPERATIONS, prices);
  if (cached?.signature !== signature) {
    const body = JSON.stringify(buildOpenApiDocument(ROUTED_OPERATIONS, '/', prices));
    cached = { signature, body, etag: `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
  }
  return cached;
}

/** GET (and HEAD) /v2/openapi.json: no key needed. */
export async function openApiResponse(requestId: string, { head = false } = {}): Promise<Response> {
  const { body, etag } = await currentOpenApiDocument();
  // HEAD: the headers GET would send, including the length of the body it leaves out.
  return new Response(head ? null : body, {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      'x-request-id': requestId,
      // Revalidated on every use: a price change shows at once; the ETag says whether it changed.
      'cache-control': 'public, no-cache',
      etag,
      'access-control-allow-origin': '*',
    },
  });
}
