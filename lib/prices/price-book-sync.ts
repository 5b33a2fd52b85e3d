import { componentLogger } from '@/lib/observability/logger';
import { getPool } from '@/lib/db/pool';
import { subscribe } from '@/lib/delivery/notifications';
import { PriceBook } from './price-book';
import { loadPriceRows } from './price-rows';

const log = componentLogger('prices');

// Every instance holds the price book in memory and answers each call from it. A change is
// written with a NOTIFY on PRICES_CHANNEL in its transaction (write-prices.ts): every instance
// listening reloads the book within a second. The LISTEN connection's catch-up (a lost
// connection, notifications maybe missed) reloads it too, and so does a slow timer, in case
// LISTEN is not running in this process at all (a route handler under `next dev`).

export const PRICES_CHANNEL = 'perch_prices';
const REFRESH_MS = 30_000;

type Sync = { book: PriceBook; loaded: Promise<void> | null; timer: NodeJS.Timeout | null; unsubscribe: (() => void) | null; generation: number };
const globalForPrices = globalThis as typeof globalThis & { perchPriceBook?: Sync };

function state(): Sync {
  globalForPrices.perchPriceBook ??= { book: new PriceBook(), loaded: null, timer: null, unsubscribe: null, generation: 0 };
  return globalForPrices.perchPriceBook;
}

/** The price book as this instance last loaded it (the seed's prices before the first load). */
export function getPriceBook(): PriceBook {
  return state().book;
}

/** Loads the book from the database now; later loads win over earlier ones that finish last. */
export async function refreshPriceBook(): Promise<PriceBook> {
  const sync = state();
  const generation = ++sync.generation;
  const book = new PriceBook(await loadPriceRows(getPool()));
  if (generation === sync.generation) sync.book = book;
  return sync.book;
}

// A settled promise for every call after the first load: awaiting it costs next to nothing.
/** Resolves once this instance has loaded the price book and listens for changes (idempotent). */
export function ensurePriceBook(): Promise<void> {
  const sync = state();
  sync.loaded ??= start(sync).catch((error: unknown) => {
    // Nothing is charged at a wrong price: the call fails (the database is down), and the next one tries again.
    sync.loaded = null;
    throw error;
  });
  return sync.loaded;
}

async function start(sync: Sync): Promise<void> {
  await refreshPriceBook();
  sync.unsubscribe ??= await subscribe(PRICES_CHANNEL, () => {
    refreshPriceBook().catch((error: unknown) => log.error({ err: error }, `reloading the price book failed: ${(error as Error).message}`));
  });
  if (!sync.timer) {
    sync.timer = setInterval(() => {
      refreshPriceBook().catch(() => undefined);
    }, REFRESH_MS);
    sync.timer.unref();
  }
}

/** Stops listening and forgets the book (tests, shutdown). */
export function stopPriceBookSync(): void {
  const sync = state();
  sync.unsubscribe?.();
  if (sync.timer) clearInterval(sync.timer);
  globalForPrices.perchPriceBook = undefined;
}
