import { getMeterPool } from '@/lib/db/pool';
import { budgetClock } from '@/lib/budgets/budget-clock';
import { toCredits } from '@/lib/credits/credit-amount';

// The database side of credit leases, each a single statement. Taking locks balance → key →
// lease, like placeHold's balance → key; giving back locks the lease first, then balance → key,
// like the stale-hold sweeper. A server runs its own lease statements one at a time, so its
// take and give-back of one lease never meet; another server's statements touch other leases.

// Takes up to $4 credits into this instance's lease of key $2, never more than a quarter of
// what the balance (and the key's remaining limit, and each budget's remaining room: the key's
// and the workspace's day and month at the budget clock $7, docs/budgets.md) has left, and
// nothing when that quarter is below $5: near the edge calls go back to exact per-call holds.
// Creates the lease or tops it up.
const TAKE_SQL = `
  WITH bal AS MATERIALIZED (
    SELECT balance, reserved, day_start, day_spent, month_start, month_spent FROM credit_balances WHERE user_id = $1 FOR UPDATE
  ), ws AS MATERIALIZED (
    SELECT w.daily_budget, w.monthly_budget,
           perch_period_start('day', w.time_zone, coalesce($7::timestamptz, now())) AS day,
           perch_period_start('month', w.time_zone, coalesce($7::timestamptz, now())) AS month
    FROM workspaces w WHERE w.id = $1
  ), key_row AS MATERIALIZED (
    SELECT credit_limit, credits_spent, credits_held, credits_leased, daily_budget, monthly_budget,
           CASE WHEN day_start = (SELECT day FROM ws) THEN day_spent ELSE 0 END AS day_spent,
           CASE WHEN month_start = (SELECT month FROM ws) THEN month_spent ELSE 0 END AS month_spent
    FROM api_keys
    WHERE id = $2 AND user_id = $1 AND EXISTS (SELECT 1 FROM bal)
    FOR UPDATE
  ), size AS MATERIALIZED (
    SELECT b.balance, LEAST($4::bigint, b.balance / 4,
             (k.credit_limit - k.credits_spent - k.credits_held - k.credits_leased) / 4,
             (k.daily_budget - k.day_spent - k.credits_held - k.credits_leased) / 4,
             (k.monthly_budget - k.month_spent - k.credits_held - k.credits_leased) / 4,
             (w.daily_budget - CASE WHEN b.day_start = w.day THEN b.day_spent ELSE 0 END - b.reserved) / 4,
             (w.monthly_budget - CASE WHEN b.month_start = w.month THEN b.month_spent ELSE 0 END - b.reserved) / 4) AS take
    FROM bal b CROSS JOIN key_row k CROSS JOIN ws w
  ), granted AS MATERIALIZED (
    SELECT take FROM size WHERE take >= $5::bigint AND take > 0
  ), debit AS (
    UPDATE credit_balances SET balance = balance - g.take, reserved = reserved + g.take, updated_at = now()
    FROM granted g WHERE user_id = $1
    RETURNING balance
  ), key_lease AS (
    UPDATE api_keys SET credits_leased = credits_leased + g.take
    FROM granted g WHERE id = $2 AND EXISTS (SELECT 1 FROM debit)
  ), lease AS (
    INSERT INTO credit_leases (user_id, key_id, instance_id, amount, expires_at)
    SELECT $1, $2, $3, g.take, now() + $6::int * interval '1 millisecond' FROM granted g WHERE EXISTS (SELECT 1 FROM debit)
    ON CONFLICT (instance_id, key_id) DO UPDATE SET amount = credit_leases.amount + EXCLUDED.amount, expires_at = EXCLUDED.expires_at
    RETURNING id, amount
  )
  SELECT (SELECT id FROM lease)::text AS lease_id, (SELECT amount FROM lease) AS lease_amount,
         coalesce((SELECT balance FROM debit), (SELECT balance FROM size)) AS balance
  FROM (SELECT 1) one`;

// Gives $2 unused credits of lease $1 back to the balance and the key's limit; with $4 the
// lease is closed (its row deleted, which only matches when $2 is all it holds).
const GIVE_BACK_SQL = `
  WITH lease AS MATERIALIZED (
    UPDATE credit_leases SET amount = amount - $2::bigint, recalled_at = NULL, expires_at = now() + $5::int * interval '1 millisecond'
    WHERE id = $1::bigint AND instance_id = $3 AND amount >= $2::bigint AND NOT $4::boolean
    RETURNING user_id, key_id, amount
  ), closed AS MATERIALIZED (
    DELETE FROM credit_leases WHERE id = $1::bigint AND instance_id = $3 AND amount = $2::bigint AND $4::boolean
    RETURNING user_id, key_id, 0::bigint AS amount
  ), gone AS MATERIALIZED (
    SELECT * FROM lease UNION ALL SELECT * FROM closed
  ), refund AS MATERIALIZED (
    UPDATE credit_balances b SET balance = b.balance + $2::bigint, reserved = b.reserved - $2::bigint, updated_at = now()
    FROM gone g WHERE b.user_id = g.user_id
    RETURNING b.balance
  ), unlease AS (
    UPDATE api_keys k SET credits_leased = k.credits_leased - $2::bigint
    FROM gone g WHERE k.id = g.key_id AND EXISTS (SELECT 1 FROM refund)
  )
  SELECT (SELECT amount FROM gone) AS lease_amount, (SELECT balance FROM refund) AS balance`;

// Only the leases this meter knows: a row it lost track of must expire and be reclaimed.
const RENEW_SQL = `UPDATE credit_leases SET expires_at = now() + $2::int * interval '1 millisecond' WHERE instance_id = $1 AND id = ANY($3::bigint[]) RETURNING id::text`;

const RECALLED_SQL = 'SELECT id::text FROM credit_leases WHERE instance_id = $1 AND recalled_at IS NOT NULL';

// Asks the other instances holding credits of this account to give their unused part back.
const RECALL_SQL = `
  UPDATE credit_leases SET recalled_at = now()
  WHERE user_id = $1 AND instance_id <> $2 AND amount > 0 AND expires_at > now()
  RETURNING id::text`;

const RECALL_PENDING_SQL = `
  SELECT count(*)::int AS n FROM credit_leases
  WHERE id = ANY($1::bigint[]) AND recalled_at IS NOT NULL AND expires_at > now()`;

export type TakeResult = { leaseId: string | null; leaseAmount: number; balance: number };

/** Takes up to `want` credits (at least `atLeast`) into this instance's lease of a key, or nothing near the edge. */
export async function takeLease(input: { userId: string; keyId: string; instanceId: string; want: number; atLeast: number; ttlMs: number }): Promise<TakeResult> {
  const { rows } = await getMeterPool().query<{ lease_id: string | null; lease_amount: string | null; balance: string | null }>({
    name: 'perch_meter_take_lease',
    text: TAKE_SQL,
    values: [input.userId, input.keyId, input.instanceId, input.want, input.atLeast, input.ttlMs, budgetClock()],
  });
  const row = rows[0];
  return { leaseId: row.lease_id, leaseAmount: toCredits(row.lease_amount), balance: toCredits(row.balance) };
}

export type GiveBackResult = { found: boolean; leaseAmount: number; balance: number };

/** Returns `amount` unused credits of a lease to the balance; `close` deletes the lease (amount must be all of it). */
export async function giveBackLease(input: { leaseId: string; amount: number; instanceId: string; close: boolean; ttlMs: number }): Promise<GiveBackResult> {
  const { rows } = await getMeterPool().query<{ lease_amount: string | null; balance: string | null }>({
    name: 'perch_meter_give_back_lease',
    text: GIVE_BACK_SQL,
    values: [input.leaseId, input.amount, input.instanceId, input.close, input.ttlMs],
  });
  const row = rows[0];
  return { found: row.lease_amount !== null, leaseAmount: toCredits(row.lease_amount), balance: toCredits(row.balance) };
}

/** Pushes the expiry of these leases of this instance out by `ttlMs`; returns the ids still there. */
export async function renewLeases(instanceId: string, leaseIds: string[], ttlMs: number): Promise<string[]> {
  const { rows } = await getMeterPool().query<{ id: string }>({ name: 'perch_meter_renew_leases', text: RENEW_SQL, values: [instanceId, ttlMs, leaseIds] });
  return rows.map((row) => row.id);
}

/** Ids of this instance's leases another instance asked back. */
export async function recalledLeases(instanceId: string): Promise<string[]> {
  const { rows } = await getMeterPool().query<{ id: string }>({ name: 'perch_meter_recalled_leases', text: RECALLED_SQL, values: [instanceId] });
  return rows.map((row) => row.id);
}

/** Marks other instances' leases of an account as recalled; returns their ids. */
export async function recallLeases(userId: string, instanceId: string): Promise<string[]> {
  const { rows } = await getMeterPool().query<{ id: string }>({ name: 'perch_meter_recall_leases', text: RECALL_SQL, values: [userId, instanceId] });
  return rows.map((row) => row.id);
}

/** How many of these recalled leases have not answered yet (live owners only). */
export async function recallsPending(leaseIds: string[]): Promise<number> {
  const { rows } = await getMeterPool().query<{ n: number }>({ name: 'perch_meter_recalls_pending', text: RECALL_PENDING_SQL, values: [leaseIds] });
  return rows[0].n;
}
