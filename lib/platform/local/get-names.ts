import { getPool } from '@/lib/db/pool';
import { storableId } from './ids';

/**
 * The names of lists and communities by id, for the dashboard to label links and headings
 * with (a label, not data: read directly, charged to no one). Unknown ids are left out.
 */
export async function getNames(kind: 'lists' | 'communities', ids: readonly string[]): Promise<Record<string, string>> {
  const valid = ids.map(storableId).filter((id): id is string => id !== null);
  if (valid.length === 0) return {};
  const table = kind === 'lists' ? 'platform.lists' : 'platform.communities';
  const { rows } = await getPool().query<{ id: string; name: string }>(`SELECT id::text, name FROM ${table} WHERE id = ANY($1::bigint[])`, [valid]);
  return Object.fromEntries(rows.map((row) => [row.id, row.name]));
}
