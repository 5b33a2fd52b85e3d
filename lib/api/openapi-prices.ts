import { PLATFORM_NAMES, type PlatformName } from '@/lib/platform/platform';
import { PriceBook, type PricedOperation, type Pricing } from '@/lib/prices/price-book';

// The prices the OpenAPI document (and the reference built from it) shows: the price list's
// public prices at one moment, on the deployment's default platform and on every platform. No
// workspace's own terms: the document is the same for everyone and needs no key.

export type DocumentPrices = {
  /** The platform a call without Perch-Platform is served by, whose prices the descriptions give. */
  platform: PlatformName;
  /** The platforms whose prices are shown beside it (x-credits.platforms): those the deployment serves. */
  platforms: readonly PlatformName[];
  /** The list price of an operation on `platform`. */
  priceOf: (operation: PricedOperation) => Pricing;
  /** The list price of an operation on any platform. */
  priceOn: (operation: PricedOperation, platform: PlatformName) => Pricing;
};

/** The list prices of `book` in force at `at` on `platform` and on each of `platforms` (every platform unless named). */
export function documentPrices(book: PriceBook, platform: PlatformName, at = Date.now(), platforms: readonly PlatformName[] = PLATFORM_NAMES): DocumentPrices {
  return {
    platform,
    platforms: platforms.includes(platform) ? platforms : [platform, ...platforms],
    priceOf: (operation) => book.listPrice(operation, platform, at),
    priceOn: (operation, on) => book.listPrice(operation, on, at),
  };
}

/** The seed's prices (no price list): what a build without a database, or a generated client, shows. */
export const SEED_PRICES = documentPrices(new PriceBook(), 'local', 0);

/** The least max_credits a call takes (lib/api/charge.ts): one item's or the call's price, or the per-call minimum if higher. */
export function leastMaxCredits(price: Pricing): number {
  return Math.max(price.credits, price.minimum);
}

const isFree = (price: Pricing) => price.credits === 0 && price.minimum === 0;

/** "15 credits per tweet returned", "100 credits per call", with ", at least 50 per call" for a minimum. */
export function priceWords(price: Pricing): string {
  if (isFree(price)) return 'free';
  const base = price.per === 'item' ? `${price.credits} credits per ${price.unit} returned` : `${price.credits} credits per call`;
  return price.minimum > 0 && price.per === 'item' ? `${base}, at least ${price.minimum} per call` : price.minimum > price.credits ? `${price.minimum} credits per call` : base;
}

/**
 * An operation's cost sentence: its list price on the default platform ("Free." or "N credits
 * per …", the form lib/docs/docs-model.ts recognises), then each other platform whose price differs.
 */
export function costText(operation: PricedOperation, prices: DocumentPrices): string {
  const price = prices.priceOf(operation);
  const own = isFree(price) ? 'Free.' : `${capitalised(priceWords(price))}.`;
  // Platforms of one price share a sentence: "On local and bluesky: 18 credits per profile returned."
  const others = new Map<string, string[]>();
  for (const name of prices.platforms) {
    const words = priceWords(prices.priceOn(operation, name));
    if (name !== prices.platform && words !== priceWords(price)) others.set(words, [...(others.get(words) ?? []), name]);
  }
  const sentences = [...others].map(([words, names]) => `On ${names.join(' and ')}: ${words}.`);
  return [own, ...sentences].join(' ');
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export type CreditsExtension = {
  per: 'item' | 'call';
  unit: string;
  credits: number;
  minimum: number;
  platforms: Partial<Record<PlatformName, { credits: number; minimum: number }>>;
};

/** `x-credits`: the list price on the default platform, and on every platform shown under `platforms`. */
export function creditsExtension(operation: PricedOperation, prices: DocumentPrices): CreditsExtension {
  const price = prices.priceOf(operation);
  const platforms = Object.fromEntries(
    prices.platforms.map((name) => {
      const on = prices.priceOn(operation, name);
      return [name, { credits: on.credits, minimum: on.minimum }];
    }),
  ) as CreditsExtension['platforms'];
  return { per: price.per, unit: price.unit, credits: price.credits, minimum: price.minimum, platforms };
}

/**
 * What the document's prices are, as one string: equal strings, equal documents. Cheap (a lookup
 * per operation and platform), so a server can ask on every request whether its cached document
 * still holds, which also notices a scheduled price that took effect since without any reload.
 */
export function pricesSignature(operations: readonly PricedOperation[], prices: DocumentPrices): string {
  const parts: string[] = [prices.platform, ...prices.platforms];
  for (const operation of operations) {
    if (operation.cost.credits === 0) continue;
    for (const name of prices.platforms) {
      const price = prices.priceOn(operation, name);
      parts.push(`${price.credits}/${price.minimum}`);
    }
  }
  return parts.join(',');
}
