import { getServedPlatforms } from '@/lib/platform/served-platforms';
import type { PlatformName } from '@/lib/platform/platform';
import type { PriceBook, PricedOperation, Pricing } from '@/lib/prices/price-book';
import { ensurePriceBook, getPriceBook } from '@/lib/prices/price-book-sync';
import { documentPrices, type DocumentPrices } from './openapi-prices';

// The prices pages and documents show, from the price book this instance holds (lib/prices):
// the same book the hot path charges from, so what is shown is what a call is charged.

/** The platform a call without Perch-Platform is served by; the embedded one when the environment names none that can be built. */
export function defaultPlatformName(): PlatformName {
  try {
    return getServedPlatforms().defaultPlatform.name;
  } catch {
    return 'local';
  }
}

// How long a page or document waits for a first load before it shows the prices it holds.
const LOAD_WAIT_MS = 2_000;

/** The platforms this deployment serves, the default first; the embedded one when the environment names none that can be built. */
export function servedPlatformNames(): PlatformName[] {
  try {
    const served = getServedPlatforms();
    return [served.defaultPlatform.name, ...[...served.byName.keys()].filter((name) => name !== served.defaultPlatform.name)];
  } catch {
    return ['local'];
  }
}

/**
 * The price book, loaded (and listening for changes) once per process. What only shows prices
 * does not fail when the database cannot be reached: after a short wait it shows those this
 * instance holds (the seed's before any load); the hot path, which charges, waits for the book.
 */
export async function currentPriceBook(): Promise<PriceBook> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, LOAD_WAIT_MS);
  });
  await Promise.race([ensurePriceBook().catch(() => undefined), waited]);
  clearTimeout(timer);
  return getPriceBook();
}

/** The public list prices now, on the default platform and every other served one (the OpenAPI document, the reference). */
export async function currentListPrices(): Promise<DocumentPrices> {
  return documentPrices(await currentPriceBook(), defaultPlatformName(), Date.now(), servedPlatformNames());
}

/** What a workspace pays now for an operation on a platform (the default one unless named): its own terms applied, as a call is charged. */
export async function workspacePrice(operation: PricedOperation, workspaceId: string, platform: string = defaultPlatformName()): Promise<Pricing> {
  return (await currentPriceBook()).priceOf(operation, platform, workspaceId);
}

/** What a workspace pays now for each of `operations` on a platform (the default one unless named), by operation id: for pages that show prices to it. */
export async function workspacePrices(
  workspaceId: string,
  operations: readonly PricedOperation[],
  platform: string = defaultPlatformName(),
): Promise<Record<string, { per: 'item' | 'call'; credits: number; minimum: number }>> {
  const book = await currentPriceBook();
  const prices: Record<string, { per: 'item' | 'call'; credits: number; minimum: number }> = {};
  for (const operation of operations) {
    const { per, credits, minimum } = book.priceOf(operation, platform, workspaceId);
    prices[operation.id] = { per, credits, minimum };
  }
  return prices;
}
