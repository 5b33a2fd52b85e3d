import { InvalidCursorError, InvalidInputError } from '@/lib/platform/errors';
import type { KeysetPosition } from '@/lib/platform/types';
import { storableId } from './ids';
import type { SqlParams } from './sql-params';

/** How a sort key travels in a cursor: ids as strings, counts as numbers, names as strings. */
export type KeyKind = 'id' | 'int' | 'text';
export type KeyColumn = { sql: string; kind: KeyKind };

/**
 * A total order for keyset paging. All columns run the same way (a descending count is
 * negated where an order needs it), so "after this position" is one row comparison that
 * an index on the same columns answers, and the last column is unique.
 */
export type KeysetOrder = { columns: readonly KeyColumn[]; direction: 'asc' | 'desc' };

/** A row that carries its sort key as k0, k1, … (see keySelect). */
export type KeyRow = { [key: `k${number}`]: string | number };

const CAST: Record<KeyKind, string> = { id: 'bigint', int: 'int', text: 'text' };
const INT_MIN = -2147483648;
const INT_MAX = 2147483647;
const MAX_TEXT = 1000;

/** The select-list entries that return the sort key as k0, k1, … */
export function keySelect(order: KeysetOrder): string {
  return order.columns.map((c, i) => `(${c.sql})::${c.kind === 'int' ? 'int' : 'text'} AS k${i}`).join(', ');
}

/**
 * The same order over the columns of a subquery `alias` that selected the key's raw values
 * as s0, s1, … (see rawKeySelect): for re-sorting a page after joining to it.
 */
export function orderOver(order: KeysetOrder, alias: string): KeysetOrder {
  return { ...order, columns: order.columns.map((c, i) => ({ ...c, sql: `${alias}.s${i}` })) };
}

/** The select-list entries that return the sort key's raw values as s0, s1, … */
export function rawKeySelect(order: KeysetOrder): string {
  return order.columns.map((c, i) => `${c.sql} AS s${i}`).join(', ');
}

/** The ORDER BY list of an order. */
export function orderBy(order: KeysetOrder): string {
  const direction = order.direction === 'desc' ? 'DESC' : 'ASC';
  return order.columns.map((c) => `${c.sql} ${direction}`).join(', ');
}

function validPart(kind: KeyKind, value: unknown): boolean {
  if (kind === 'id') return typeof value === 'string' && storableId(value) !== null;
  if (kind === 'int') return typeof value === 'number' && Number.isInteger(value) && value >= INT_MIN && value <= INT_MAX;
  return typeof value === 'string' && value.length <= MAX_TEXT;
}

/** The position's values, checked against the order's shape; InvalidCursorError for anything else. */
export function readPosition(order: KeysetOrder, after: unknown): Array<string | number> {
  const k = typeof after === 'object' && after !== null && !Array.isArray(after) ? (after as { k?: unknown }).k : undefined;
  if (!Array.isArray(k) || k.length !== order.columns.length || Object.keys(after as object).length !== 1) {
    throw new InvalidCursorError();
  }
  order.columns.forEach((column, i) => {
    if (!validPart(column.kind, k[i])) throw new InvalidCursorError();
  });
  return k as Array<string | number>;
}

/** The WHERE condition "strictly after `after`", or null on a first page (no `after`). */
export function afterCondition(order: KeysetOrder, after: unknown, params: SqlParams): string | null {
  if (after === undefined || after === null) return null;
  const values = readPosition(order, after);
  const columns = order.columns.map((c) => c.sql).join(', ');
  const placeholders = order.columns.map((c, i) => params.add(values[i], CAST[c.kind])).join(', ');
  return `(${columns}) ${order.direction === 'desc' ? '<' : '>'} (${placeholders})`;
}

/** A page size checked to be a whole number from 1 to max (the API checks the exact limits). */
export function pageSize(count: number, max = 5000): number {
  if (!Number.isInteger(count) || count < 1 || count > max) throw new InvalidInputError(`count must be a whole number from 1 to ${max}`, 'count');
  return count;
}

/**
 * Cuts a result fetched with LIMIT size + 1 to size rows; the extra row, when present, is
 * what proves a next page exists, and the last kept row's key is where it starts.
 */
export function cutPage<R extends KeyRow>(rows: R[], size: number, order: KeysetOrder): { rows: R[]; next: KeysetPosition | null } {
  if (rows.length <= size) return { rows, next: null };
  const kept = rows.slice(0, size);
  const last = kept[kept.length - 1];
  return { rows: kept, next: { k: order.columns.map((_, i) => last[`k${i}`]) } };
}
