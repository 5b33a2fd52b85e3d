import { expect } from 'vitest';
import type { ApiAccount } from './api-client';
import { expectChargedPerItem, measuredCall } from './api-charges';
import { expectSuccess } from './api-records';

export type PagedCase = {
  account: ApiAccount;
  method?: 'GET' | 'POST';
  path: string;
  /** Credits per item. */
  unit: number;
  /** Checks one record's shape. */
  record: (item: unknown) => void;
  /** Other inputs, sent as query (GET) or body (POST). */
  inputs?: Record<string, unknown>;
  pageSize?: number;
};

/**
 * The happy path of a paged operation: a first page of `pageSize` with a next cursor, a
 * second page through it with none of the first page's items, each page charged
 * result_count × unit and the balance moved by exactly that. Returns both pages' items.
 */
export async function expectTwoPages({ account, method = 'GET', path, unit, record, inputs = {}, pageSize = 3 }: PagedCase): Promise<unknown[][]> {
  const send = (extra: Record<string, unknown>) =>
    method === 'GET'
      ? measuredCall(account, method, path, { query: { ...inputs, ...extra } as Record<string, string | number> })
      : measuredCall(account, method, path, { body: { ...inputs, ...extra } });

  const first = await send({ count: pageSize });
  expectSuccess(first);
  expect(first.body.data).toHaveLength(pageSize);
  expect(first.body.meta.has_next_page).toBe(true);
  expectChargedPerItem(first, unit);
  for (const item of first.body.data) record(item);

  const second = await send({ count: pageSize, cursor: first.body.meta.next_cursor });
  expectSuccess(second);
  expect(second.body.data.length).toBeGreaterThan(0);
  expectChargedPerItem(second, unit);
  for (const item of second.body.data) record(item);
  const key = (item: unknown) => (typeof item === 'string' ? item : (item as { id: string }).id);
  const seen = new Set(first.body.data.map(key));
  for (const item of second.body.data) expect(seen.has(key(item)), `${key(item)} appears on both pages`).toBe(false);
  return [first.body.data, second.body.data];
}

/** Whether numbers are in non-increasing order. */
export function expectDescending(values: number[], what: string): void {
  for (let i = 1; i < values.length; i++) expect(values[i], `${what} at ${i}: ${values.join(',')}`).toBeLessThanOrEqual(values[i - 1]);
}

/** Whether decimal id strings are in strictly decreasing order (newest first). */
export function expectNewestFirst(ids: string[], what: string): void {
  for (let i = 1; i < ids.length; i++) expect(BigInt(ids[i]) < BigInt(ids[i - 1]), `${what}: ${ids[i]} after ${ids[i - 1]}`).toBe(true);
}
