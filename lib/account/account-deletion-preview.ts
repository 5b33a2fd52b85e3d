import { getPool } from '@/lib/db/pool';
import type { Role } from '@/lib/workspaces/roles';
import { workspaceDeletionPreview, type WorkspaceDeletionPreview } from '@/lib/workspaces/deletion-preview';

type SharedRef = { id: string; slug: string; name: string };

/** What deleting a person's account does, said before they confirm. */
export type AccountDeletionPreview = {
  /** Their personal workspace: deleted with its balance (not refunded) and keys. */
  personal: WorkspaceDeletionPreview | null;
  /** Shared workspaces where they are the only owner and others remain: deletion is refused until someone else is made owner. */
  blocking: Array<SharedRef & { otherMembers: number }>;
  /** Shared workspaces nobody else belongs to: deleted with the account, as the personal one. */
  alsoDeleted: WorkspaceDeletionPreview[];
  /** Shared workspaces that stay: they leave them; the keys they created there keep working unless they ask to revoke them. */
  leaving: Array<SharedRef & { role: Role; keysCreated: number }>;
  /** Σ keysCreated over `leaving`. */
  keysCreatedInShared: number;
};

type Row = SharedRef & { role: Role; others: number; other_owners: number; keys_created: number };

/** The figures for `userId`'s deletion dialog (GET /api/dashboard/account/deletion-preview). */
export async function accountDeletionPreview(userId: string): Promise<AccountDeletionPreview> {
  const { rows } = await getPool().query<Row>(
    `SELECT w.id, w.slug, w.name, m.role,
            (SELECT count(*)::int FROM workspace_members o WHERE o.workspace_id = w.id AND o.user_id <> $1) AS others,
            (SELECT count(*)::int FROM workspace_members o WHERE o.workspace_id = w.id AND o.user_id <> $1 AND o.role = 'owner') AS other_owners,
            (SELECT count(*)::int FROM api_keys k WHERE k.user_id = w.id AND k.created_by = $1 AND k.revoked_at IS NULL) AS keys_created
       FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
      WHERE m.user_id = $1 AND NOT w.personal AND w.deleted_at IS NULL
      ORDER BY lower(w.name), w.id`,
    [userId],
  );
  const preview: AccountDeletionPreview = { personal: await workspaceDeletionPreview(userId), blocking: [], alsoDeleted: [], leaving: [], keysCreatedInShared: 0 };
  for (const row of rows) {
    const ref = { id: row.id, slug: row.slug, name: row.name };
    if (row.others === 0) {
      const alone = await workspaceDeletionPreview(row.id);
      if (alone) preview.alsoDeleted.push(alone);
    } else if (row.role === 'owner' && row.other_owners === 0) {
      preview.blocking.push({ ...ref, otherMembers: row.others });
    } else {
      preview.leaving.push({ ...ref, role: row.role, keysCreated: row.keys_created });
      preview.keysCreatedInShared += row.keys_created;
    }
  }
  return preview;
}
