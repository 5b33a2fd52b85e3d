import crypto from 'node:crypto';
import type pg from 'pg';
import { getPool } from '@/lib/db/pool';

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
 * hot access paths, wrong for searches, whose best plan depends on the words searched.
 */
export async function runQuery<R extends pg.QueryResultRow>(text: string, values: readonly unknown[], options: { prepared: boolean }): Promise<R[]> {
  const config: pg.QueryConfig = options.prepared ? { name: statementName(text), text, values: [...values] } : { text, values: [...values] };
  const result = await getPool().query<R>(config);
  return result.rows;
}
