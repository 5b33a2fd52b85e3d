import { getPool } from '@/lib/db/pool';
import { formatKeyDisplay } from '@/lib/keys/key-format';

export type AccountSummary = {
  email: string;
  balance: number;
  key: { id: string; name: string; prefix: string; scopes: string[]; rate_limit: number; credit_limit: number | null; credits_spent: number } | null;
  connected_account: { username: string } | null;
};

type Row = {
  email: string;
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

/** The account behind an API key: email, balance, the key itself and the connected platform account. */
export async function getAccountSummary(userId: string, keyId: string | null): Promise<AccountSummary> {
  const { rows } = await getPool().query<Row>({
    name: 'account-summary',
    text: `SELECT u.email, coalesce(b.balance, 0) + coalesce((SELECT sum(l.amount) FROM credit_leases l WHERE l.user_id = u.id), 0) AS balance, k.id AS key_id, k.name AS key_name, k.key_start, k.key_end, k.scopes, k.rate_limit,
                  k.credit_limit, k.credits_spent, c.username AS connected_username
             FROM users u
             LEFT JOIN credit_balances b ON b.user_id = u.id
             LEFT JOIN api_keys k ON k.id = $2 AND k.user_id = u.id
             LEFT JOIN platform_connections c ON c.user_id = u.id
            WHERE u.id = $1`,
    values: [userId, keyId],
  });
  const row = rows[0];
  if (!row) throw new Error(`account ${userId} vanished while serving its request`);
  return {
    email: row.email,
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
