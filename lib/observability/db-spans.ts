import type pg from 'pg';
import { inSpan, isTracing, SPAN_KIND } from './spans';

// Database spans at the level of a statement group, not of the SQL: one span per pool.query
// (Perch's own statements, the metering ones, Prisma's outside transactions), named by the
// statement's pg name when it has one (`perch_credits_place_hold`) or else by its verb and
// first table (`SELECT api_keys`). No SQL text and no values reach a span: ids, usernames and
// key hashes travel as values. A transaction (lib/db/transaction.ts) is one span of its own.

type QueryArgs = [unknown, ...unknown[]];

/** Makes every promise-returning `pool.query` a span when tracing is on; off, the pool is left untouched. */
export function traceStatements<P extends Pick<pg.Pool, 'query'>>(pool: P, poolName: string): P {
  if (!isTracing()) return pool;
  const query = pool.query.bind(pool) as (...args: QueryArgs) => unknown;
  (pool as { query: unknown }).query = (...args: QueryArgs) => {
    const statement = args[0] as string | { text?: unknown; name?: unknown; submit?: unknown };
    // The callback form and submittables (cursors, COPY streams) are passed through as they are.
    if (typeof args[args.length - 1] === 'function' || (typeof statement === 'object' && typeof statement?.submit === 'function')) return query(...args);
    const group = statementGroup(statement);
    return inSpan(group.name, { ...group.attributes, 'perch.db.pool': poolName }, () => query(...args) as Promise<unknown>, SPAN_KIND.client);
  };
  return pool;
}

export type StatementGroup = { name: string; operation: string; table: string | undefined; attributes: Record<string, string> };

// Each distinct statement is parsed once: Perch's statements are a few hundred constant strings.
const groups = new Map<string, StatementGroup>();
const MAX_GROUPS = 2000;

const VERB = /^\s*(?:\/\*[\s\S]*?\*\/\s*|--[^\n]*\n\s*)*([A-Za-z]+)/;
const TABLE = /\b(?:FROM|INTO|UPDATE|JOIN)\s+((?:"[^"]+"|[A-Za-z_][\w$]*)(?:\.(?:"[^"]+"|[A-Za-z_][\w$]*))?)/i;

/** The group a statement belongs to: its pg name, or its verb and first table. */
export function statementGroup(statement: string | { text?: unknown; name?: unknown }): StatementGroup {
  const text = typeof statement === 'string' ? statement : typeof statement?.text === 'string' ? statement.text : '';
  const name = typeof statement === 'object' && typeof statement?.name === 'string' ? statement.name : undefined;
  const cacheKey = name ?? text;
  let group = groups.get(cacheKey);
  if (!group) {
    const operation = (VERB.exec(text)?.[1] ?? 'QUERY').toUpperCase();
    const qualified = TABLE.exec(text)?.[1];
    // The table without its schema or quotes: `"public"."User"` → User.
    const table = qualified?.split('.').pop()?.replaceAll('"', '');
    const attributes: Record<string, string> = { 'db.system.name': 'postgresql', 'db.operation.name': operation };
    if (table) attributes['db.collection.name'] = table;
    group = { name: name ?? (table ? `${operation} ${table}` : operation), operation, table, attributes };
    if (groups.size >= MAX_GROUPS) groups.clear();
    groups.set(cacheKey, group);
  }
  return group;
}

/** A transaction as one span (its statements run on a checked-out client, not through pool.query). */
export function inTransactionSpan<T>(work: () => Promise<T>): Promise<T> {
  return inSpan('db transaction', { 'db.system.name': 'postgresql', 'db.operation.name': 'TRANSACTION' }, work, SPAN_KIND.client);
}
