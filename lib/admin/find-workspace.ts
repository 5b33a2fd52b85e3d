import { getPool } from '@/lib/db/pool';
import { accountIdByEmail } from './create-account';

export type AdminWorkspace = { id: string; slug: string; name: string; personal: boolean };

type Row = AdminWorkspace & { deleted_at: Date | null };

function live(row: Row | undefined, named: string): AdminWorkspace {
  if (!row) throw new Error(`no workspace with the slug or id ${named}`);
  // Its ledger stays for the record, but nothing may be granted to it or issued in it any more.
  if (row.deleted_at) throw new Error(`workspace ${row.slug} was deleted`);
  return { id: row.id, slug: row.slug, name: row.name, personal: row.personal };
}

/**
 * The workspace an operator named by id or slug. The id wins: slugs are chosen by members and
 * could spell another workspace's id, ids are not.
 */
export async function workspaceBySlugOrId(slugOrId: string): Promise<AdminWorkspace> {
  const named = slugOrId.trim();
  const { rows } = await getPool().query<Row>(
    `SELECT id, slug, name, personal, deleted_at FROM workspaces WHERE id = $1 OR slug = lower($1) ORDER BY (id = $1) DESC LIMIT 1`,
    [named],
  );
  return live(rows[0], named);
}

/** A person's personal workspace, by their email: what `--email` has always meant. */
export async function personalWorkspaceByEmail(email: string): Promise<AdminWorkspace> {
  const userId = await accountIdByEmail(email);
  const { rows } = await getPool().query<Row>(`SELECT id, slug, name, personal, deleted_at FROM workspaces WHERE id = $1 AND personal`, [userId]);
  return live(rows[0], email);
}
