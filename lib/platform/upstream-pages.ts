import { InvalidCursorError } from './errors';
import type { KeysetPosition, Page } from './types';

// Perch pages over an upstream's cursor pages (Bluesky's cursors, X's next_token). A Perch
// position is [upstream cursor, items of that upstream page already returned]: upstream pages
// are sequences that start at their cursor, so a later request that asks the same cursor for at
// least that many items sees the same ones first. Filters the upstream lacks (min_likes,
// verified followers …) are applied here, over as many upstream pages as it takes, within a
// bound, so a request never runs away.

/** One upstream page: its items in upstream order and the cursor of the next one. */
export type UpstreamPage<T> = { items: T[]; cursor?: string };

export type UpstreamPager<T> = (cursor: string | undefined, limit: number) => Promise<UpstreamPage<T>>;

/** Upstream pages one Perch page may read while filtering, at most. */
const MAX_UPSTREAM_PAGES = 10;

function positionOf(after: KeysetPosition | null | undefined): { cursor: string | undefined; skip: number } {
  if (!after) return { cursor: undefined, skip: 0 };
  const [cursor, skip] = after.k;
  if (typeof cursor !== 'string' || typeof skip !== 'number' || !Number.isInteger(skip) || skip < 0 || skip > 100) throw new InvalidCursorError();
  return { cursor: cursor || undefined, skip };
}

/** A Perch page over an upstream: `count` items after `after`, from pages of at most `maxLimit`, kept by `keep`, each mapped once. */
export type UpstreamPageOptions<U, T> = {
  fetch: UpstreamPager<U>;
  count: number;
  after?: KeysetPosition | null;
  maxLimit: number;
  keep?: (item: U) => boolean;
  map: (items: U[]) => Promise<T[]> | T[];
};

/** `count` items after `after` in the upstream's order. */
export async function pageOverUpstream<U, T>(options: UpstreamPageOptions<U, T>): Promise<Page<T>> {
  let { cursor, skip } = positionOf(options.after);
  const kept: U[] = [];
  for (let pages = 0; pages < MAX_UPSTREAM_PAGES; pages += 1) {
    const wanted = options.count - kept.length;
    const page = await options.fetch(cursor, Math.min(options.maxLimit, skip + wanted));
    let index = skip;
    for (; index < page.items.length && kept.length < options.count; index += 1) {
      if (!options.keep || options.keep(page.items[index])) kept.push(page.items[index]);
    }
    const full = kept.length >= options.count;
    if (full && index < page.items.length) return { items: await options.map(kept), next: { k: [cursor ?? '', index] } };
    // This upstream page is used up: the next one starts at its cursor, if there is one.
    if (!page.cursor || page.items.length === 0) return { items: await options.map(kept), next: null };
    cursor = page.cursor;
    skip = 0;
    if (full) return { items: await options.map(kept), next: { k: [cursor, 0] } };
  }
  // The bound was reached while filtering: return what was found, and go on from here next time.
  return { items: await options.map(kept), next: { k: [cursor ?? '', skip] } };
}

/**
 * For orders the upstream cannot sort by (most liked, most followers, by name): up to `window` items
 * are read from the upstream in its order, sorted here, and paged by offset within that window.
 * The OpenAPI document and docs/platforms/ say so.
 */
export async function pageOverRankedWindow<U, T>(options: {
  fetch: UpstreamPager<U>;
  count: number;
  after?: KeysetPosition | null;
  maxLimit: number;
  window: number;
  keep?: (item: U) => boolean;
  compare: (a: U, b: U) => number;
  map: (items: U[]) => Promise<T[]> | T[];
}): Promise<Page<T>> {
  let offset = 0;
  if (options.after) {
    const [kind, value] = options.after.k;
    if (kind !== 'rank' || typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > options.window) throw new InvalidCursorError();
    offset = value;
  }
  const all: U[] = [];
  let cursor: string | undefined;
  while (all.length < options.window) {
    const page = await options.fetch(cursor, options.maxLimit);
    all.push(...page.items.filter((item) => !options.keep || options.keep(item)));
    if (!page.cursor || page.items.length === 0) break;
    cursor = page.cursor;
  }
  const ranked = all.slice(0, options.window).sort(options.compare);
  const slice = ranked.slice(offset, offset + options.count);
  const end = offset + slice.length;
  return { items: await options.map(slice), next: end < ranked.length ? { k: ['rank', end] } : null };
}
