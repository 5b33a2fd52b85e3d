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

const SNIPPET_LENGTH = 48;

/**
 * A short label for each tweet by id, "@author: the start of its text…", for the dashboard's
 * links (a label, not data: read directly, charged to no one). Unknown ids are left out.
 */
export async function getTweetSnippets(ids: readonly string[]): Promise<Record<string, string>> {
  const valid = ids.map(storableId).filter((id): id is string => id !== null);
  if (valid.length === 0) return {};
  const { rows } = await getPool().query<{ id: string; username: string; text: string }>(
    'SELECT t.id::text, u.username, t.text FROM platform.tweets t JOIN platform.users u ON u.id = t.author_id WHERE t.id = ANY($1::bigint[])',
    [valid],
  );
  return Object.fromEntries(rows.map((row) => [row.id, `@${row.username}: ${snippet(row.text)}`]));
}

/** The text on one line, cut at a word near SNIPPET_LENGTH characters (code points, not halves of emoji). */
export function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  if (chars.length <= SNIPPET_LENGTH) return flat;
  const cut = chars.slice(0, SNIPPET_LENGTH).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > SNIPPET_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
