/** Limits of one pagination; both count from where it starts. */
export type PageLimits = {
  /** Stop after this many items. The last page asks for no more than are still wanted, so no credits pay for items thrown away. */
  maxItems?: number;
  /** Stop after this many pages (requests). */
  maxPages?: number;
};

/** The items of every page, one by one (`for await`), or the pages themselves. */
export type Paginator<Item, Page> = AsyncIterable<Item> & {
  /** Each page's whole result, meta included (credits charged, next_cursor). */
  pages(): AsyncIterable<Page>;
  /** Every item, collected; mind maxItems on large result sets. */
  toArray(): Promise<Item[]>;
};

type PageLike<Item> = { data: readonly Item[]; meta: { next_cursor: string | null } };

/** The server's default page size (contract section 4). */
const DEFAULT_COUNT = 20;

/**
 * Follows `meta.next_cursor` from page to page. `fetchPage` gets the cursor (undefined on the
 * first page unless the caller resumes from one) and the count to ask for; count may change
 * between pages because cursors are bound to every parameter but count, cursor and max_credits.
 */
export function paginate<Item, Page extends PageLike<Item>>(
  fetchPage: (cursor: string | undefined, count: number | undefined) => Promise<Page>,
  start: { cursor?: string; count?: number | string },
  limits: PageLimits = {},
): Paginator<Item, Page> {
  const maxItems = limits.maxItems ?? Infinity;
  const maxPages = limits.maxPages ?? Infinity;
  const pageSize = start.count === undefined ? undefined : Number(start.count);

  async function* pages(): AsyncGenerator<Page> {
    let cursor = start.cursor;
    let items = 0;
    for (let page = 0; page < maxPages && items < maxItems; page++) {
      const count = maxItems === Infinity ? pageSize : Math.min(pageSize ?? DEFAULT_COUNT, maxItems - items);
      const result = await fetchPage(cursor, count);
      items += result.data.length;
      yield result;
      if (!result.meta.next_cursor) return;
      cursor = result.meta.next_cursor;
    }
  }

  async function* each(): AsyncGenerator<Item> {
    let yielded = 0;
    for await (const page of pages()) {
      for (const item of page.data) {
        if (yielded >= maxItems) return;
        yielded++;
        yield item;
      }
    }
  }

  return {
    [Symbol.asyncIterator]: each,
    pages,
    async toArray() {
      const all: Item[] = [];
      for await (const item of each()) all.push(item);
      return all;
    },
  };
}
