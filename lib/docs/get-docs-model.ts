import { currentListPrices } from '@/lib/api/current-prices';
import { buildOpenApiDocument } from '@/lib/api/openapi';
import { pricesSignature } from '@/lib/api/openapi-prices';
import { OPERATIONS } from '@/lib/api/registry';
import { describeOperation } from '@/lib/playground/describe-operation';
import { buildDocsModel, type DocsModel } from './docs-model';

// Built again only when the prices it shows change (a price list edit, a scheduled price's time).
let cached: { signature: string; model: DocsModel } | undefined;

/** The reference of this build's API: the document GET /v2/openapi.json serves, at the price list's current prices. */
export async function getDocsModel(): Promise<DocsModel> {
  const prices = await currentListPrices();
  const signature = pricesSignature(OPERATIONS, prices);
  if (cached?.signature !== signature) {
    const model = buildDocsModel(
      buildOpenApiDocument(OPERATIONS, '/', prices),
      OPERATIONS.map((operation) => describeOperation(operation)),
    );
    cached = { signature, model };
  }
  return cached.model;
}
