import crypto from 'node:crypto';
import type pg from 'pg';
import { getPool } from '@/lib/db/pool';
import { rowBuilderFor } from './row-builder';

const names = new Map<string, string>();

// A statement's name is derived from its text, so every distinct text (one per access path,
// sort and first-or-later page) is parsed and planned once per connection and two texts can
// never share a name.
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `perch_read_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Runs one read on the shared pool. `prepared` makes it a named statement: right for the
 * hot access paths, wrong for searches, whose best plan depends on the words searched. Rows
 * come back as objects keyed by column name, built by row-builder.ts.
 */
export async function runQuery<R extends pg.QueryResultRow>(text: string, values: readonly unknown[], options: { prepared: boolean }): Promise<R[]> {
  const config: pg.QueryArrayConfig = options.prepared
    ? { name: statementName(text), text, values: [...values], rowMode: 'array' }
    : { text, values: [...values], rowMode: 'array' };
  const result = await getPool().query(config);
  const { build } = rowBuilderFor(text, result.fields);
  const rows = new Array<R>(result.rows.length);
  for (let i = 0; i < rows.length; i += 1) rows[i] = build(result.rows[i]) as R;
  return rows;
}
