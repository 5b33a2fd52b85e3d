import { getPool } from '@/lib/db/pool';
import { isAdmin } from '@/lib/auth/is-admin';

export type AdminUserRow = {
  id: string;
  email: string;
  isAdmin: boolean;
  createdAt: string;
  balance: number;
  spentTotal: number;
  spent30d: number;
  calls30d: number;
  activeKeys: number;
};

export type AdminUsers = { total: number; users: AdminUserRow[] };

const USERS_SQL = `
  WITH spend AS (
    SELECT user_id, sum(credits) AS total,
           sum(credits) FILTER (WHERE day > (now() AT TIME ZONE 'UTC')::date - 30) AS last30,
           sum(calls) FILTER (WHERE day > (now() AT TIME ZONE 'UTC')::date - 30) AS calls30
    FROM usage_daily GROUP BY user_id
  ), keys AS (
    SELECT user_id, count(*) AS active FROM api_keys WHERE revoked_at IS NULL GROUP BY user_id
  )
  SELECT u.id, u.email, u.is_admin, u.created_at,
         (coalesce(b.balance, 0) + coalesce((SELECT sum(l.amount) FROM credit_leases l WHERE l.user_id = u.id), 0))::text AS balance,
         coalesce(s.total, 0)::text AS spent_total,
         coalesce(s.last30, 0)::text AS spent_30d,
         coalesce(s.calls30, 0)::text AS calls_30d,
         coalesce(k.active, 0)::int AS active_keys
  FROM users u
  LEFT JOIN credit_balances b ON b.user_id = u.id
  LEFT JOIN spend s ON s.user_id = u.id
  LEFT JOIN keys k ON k.user_id = u.id
  ORDER BY u.created_at DESC, u.id
  LIMIT $1`;

type Row = { id: string; email: string; is_admin: boolean; created_at: Date; balance: string; spent_total: string; spent_30d: string; calls_30d: string; active_keys: number };

/** Accounts with their balance and spend, newest first, for the admin page. */
export async function listAdminUsers(limit = 200): Promise<AdminUsers> {
  const pool = getPool();
  const [users, total] = await Promise.all([pool.query<Row>(USERS_SQL, [limit]), pool.query<{ n: string }>('SELECT count(*)::text AS n FROM users')]);
  return {
    total: Number(total.rows[0].n),
    users: users.rows.map((r) => ({
      id: r.id,
      email: r.email,
      isAdmin: isAdmin({ email: r.email, isAdmin: r.is_admin }),
      createdAt: r.created_at.toISOString(),
      balance: Number(r.balance),
      spentTotal: Number(r.spent_total),
      spent30d: Number(r.spent_30d),
      calls30d: Number(r.calls_30d),
      activeKeys: r.active_keys,
    })),
  };
}
