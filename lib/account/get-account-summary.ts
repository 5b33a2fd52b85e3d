import { getPool } from '@/lib/db/pool';
import { formatKeyDisplay } from '@/lib/keys/key-format';

export type AccountSummary = {
  email: string;
  workspace: { id: string; slug: string; name: string; personal: boolean };
  balance: number;
  key: { id: string; name: string; prefix: string; scopes: string[]; rate_limit: number; credit_limit: number | null; credits_spent: number } | null;
  connected_account: { username: string } | null;
};

type Row = {
  email: string | null;
  workspace_id: string;
  workspace_slug: string;
  workspace_name: string;
  workspace_personal: boolean;
  balance: string | null;
  key_id: string | null;
  key_name: string | null;
  key_start: string | null;
  key_end: string | null;
  scopes: string[] | null;
  rate_limit: number | null;
  credit_limit: string | null;
  credits_spent: string | null;
  connected_username: string | null;
};

/**
 * The account behind an API key: its workspace (whose id is `workspaceId`, the owner of every
 * owned row), the balance, the key itself and the connected platform account. `email` is the
 * person who issued the key (api_keys.created_by), else, for a key whose issuer is gone or a
 * dashboard session, the person who created the workspace: for a personal workspace that is
 * its owner, so callers see the same address as before workspaces.
 */
export async function getAccountSummary(workspaceId: string, keyId: string | null): Promise<AccountSummary> {
  const { rows } = await getPool().query<Row>({
    name: 'account-summary',
    text: `SELECT coalesce(issuer.email, creator.email) AS email,
                  w.id AS workspace_id, w.slug AS workspace_slug, w.name AS workspace_name, w.personal AS workspace_personal,
                  coalesce(b.balance, 0) + coalesce((SELECT sum(l.amount) FROM credit_leases l WHERE l.user_id = w.id), 0) AS balance,
                  k.id AS key_id, k.name AS key_name, k.key_start, k.key_end, k.scopes, k.rate_limit,
                  k.credit_limit, k.credits_spent, c.username AS connected_username
             FROM workspaces w
             LEFT JOIN credit_balances b ON b.user_id = w.id
             LEFT JOIN api_keys k ON k.id = $2 AND k.user_id = w.id
             LEFT JOIN users issuer ON issuer.id = k.created_by
             LEFT JOIN users creator ON creator.id = w.created_by
             LEFT JOIN platform_connections c ON c.user_id = w.id
            WHERE w.id = $1`,
    values: [workspaceId, keyId],
  });
  const row = rows[0];
  if (!row) throw new Error(`workspace ${workspaceId} vanished while serving its request`);
  return {
    // Only a workspace whose creator and key issuer were both erased has neither.
    email: row.email ?? '',
    workspace: { id: row.workspace_id, slug: row.workspace_slug, name: row.workspace_name, personal: row.workspace_personal },
    balance: Number(row.balance ?? 0),
    key: row.key_id
      ? {
          id: row.key_id,
          name: row.key_name ?? '',
          prefix: formatKeyDisplay({ keyStart: row.key_start ?? '', keyEnd: row.key_end ?? '' }),
          scopes: row.scopes ?? [],
          rate_limit: row.rate_limit ?? 0,
          credit_limit: row.credit_limit === null ? null : Number(row.credit_limit),
          credits_spent: Number(row.credits_spent ?? 0),
        }
      : null,
    connected_account: row.connected_username ? { username: row.connected_username } : null,
  };
}
