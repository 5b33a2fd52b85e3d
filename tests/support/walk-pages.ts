import { expect } from 'vitest';
import type { KeysetPosition, Page, TweetSort, UserSort } from '@/lib/platform/types';

/**
 * Follows `next` until the last page and returns every item in order. Each position goes
 * through JSON as a cursor would; every page but the last must be full, and the last page
 * must say there is nothing more.
 */
export async function walkPages<T>(count: number, fetch: (after: KeysetPosition | null) => Promise<Page<T>>, maxPages = 500): Promise<T[]> {
  const items: T[] = [];
  let after: KeysetPosition | null = null;
  for (let i = 0; i < maxPages; i++) {
    const page: Page<T> = await fetch(after);
    items.push(...page.items);
    if (page.next === null) {
      expect(page.items.length).toBeLessThanOrEqual(count);
      return items;
    }
    expect(page.items).toHaveLength(count);
    after = JSON.parse(JSON.stringify(page.next)) as KeysetPosition;
  }
  throw new Error(`more than ${maxPages} pages`);
}

/** The ORDER BY of a tweet sort over a tweets table aliased t, as the contract defines the sorts. */
export function tweetSortSql(sort: TweetSort): string {
  if (sort === 'popular') return 't.like_count DESC, t.id DESC';
  if (sort === 'engagement') return '(t.like_count + t.retweet_count + t.reply_count + t.quote_count) DESC, t.id DESC';
  return 't.id DESC';
}

/** The ORDER BY of a user sort over users aliased u, `edge` being the relationship's id column. */
export function userSortSql(sort: UserSort, edge: string): string {
  if (sort === 'followers') return 'u.followers_count DESC, u.id DESC';
  if (sort === 'name') return 'lower(u.name) ASC, u.id ASC';
  return `${edge} DESC`;
}

export const TWEET_SORTS: TweetSort[] = ['latest', 'popular', 'engagement'];
export const USER_SORTS: UserSort[] = ['default', 'followers', 'name'];
