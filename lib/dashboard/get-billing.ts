import { getPool } from '@/lib/db/pool';
import { writeAnsweredUsage } from '@/lib/metering/write-answered-usage';
import { readMeteringConfig, staleHoldAgeMs } from '@/lib/metering/metering-config';
import { lastDays, utcDay } from './days';

export type LedgerEntry =
  | { kind: 'grant'; at: string; day: string; amount: number; reason: string; balanceAfter: number }
  | { kind: 'usage'; at: string; day: string; amount: number; calls: number; balanceAfter: number };

/** Credits reserved by one call in flight (or left by a server killed mid-call, until swept). */
export type OpenHold = { requestId: string; amount: number; createdAt: string; keyName: string | null };

export type Billing = {
  /** Spendable now (open holds of calls in flight already taken out). */
  balance: number;
  /** Oldest first, at most 50; `heldTotal` covers them all. */
  openHolds: OpenHold[];
  heldTotal: number;
  /** A hold older than this was left by a stopped server and is refunded in full. */
  holdReleaseSeconds: number;
  totalGranted: number;
  totalUsed: number;
  /** Newest first: every grant, and usage summed per UTC day, within the window. */
  ledger: LedgerEntry[];
  /** Settled balance at the end of each UTC day of the window, oldest first. */
  balanceByDay: Array<{ day: string; balance: number }>;
  windowDays: number;
};

const GRANTS_SQL = 'SELECT id::text, amount::text, reason, created_at FROM credit_grants WHERE user_id = $1 ORDER BY created_at, id';
const USAGE_SQL = 'SELECT day::text AS day, sum(credits)::text AS credits, sum(calls)::bigint::text AS calls FROM usage_daily WHERE user_id = $1 GROUP BY day ORDER BY day';
// Credits leased by running servers are still the account's (lib/metering).
const BALANCE_SQL = `
  SELECT (coalesce((SELECT balance FROM credit_balances WHERE user_id = $1), 0)
        + coalesce((SELECT sum(amount) FROM credit_leases WHERE user_id = $1), 0))::text AS balance,
         coalesce((SELECT sum(amount) FROM credit_holds WHERE user_id = $1), 0)::text AS held`;
const HOLDS_SQL = `
  SELECT h.request_id, h.amount::text, h.created_at, k.name AS key_name
  FROM credit_holds h LEFT JOIN api_keys k ON k.id = h.key_id
  WHERE h.user_id = $1 ORDER BY h.created_at, h.id LIMIT 50`;

type Change = { at: string; day: string; delta: number } & ({ kind: 'grant'; reason: string } | { kind: 'usage'; calls: number });

/**
 * The credit ledger and balance history of an account over the last `windowDays` UTC days.
 * Balances here are settled ones (grants minus charges), which is what the account holds
 * once no call is in flight.
 */
export async function getBilling(userId: string, windowDays = 90, now: Date = new Date()): Promise<Billing> {
  // Usage is written behind (lib/metering): what this server answered is written first.
  await writeAnsweredUsage();
  const pool = getPool();
  const [grants, usage, balance, holds] = await Promise.all([
    pool.query<{ id: string; amount: string; reason: string; created_at: Date }>(GRANTS_SQL, [userId]),
    pool.query<{ day: string; credits: string; calls: string }>(USAGE_SQL, [userId]),
    pool.query<{ balance: string; held: string }>(BALANCE_SQL, [userId]),
    pool.query<{ request_id: string; amount: string; created_at: Date; key_name: string | null }>(HOLDS_SQL, [userId]),
  ]);
  // A day's usage is placed at the end of that day, after the day's grants.
  const changes: Change[] = [
    ...grants.rows.map((g): Change => ({ kind: 'grant', at: g.created_at.toISOString(), day: utcDay(g.created_at), delta: Number(g.amount), reason: g.reason })),
    ...usage.rows.map((u): Change => ({ kind: 'usage', at: `${u.day}T23:59:59.999Z`, day: u.day, delta: -Number(u.credits), calls: Number(u.calls) })),
  ].sort((a, b) => a.at.localeCompare(b.at));

  const days = lastDays(windowDays, now);
  const firstDay = days[0];
  let running = 0;
  const ledger: LedgerEntry[] = [];
  const endOfDay = new Map<string, number>();
  let before = 0;
  for (const change of changes) {
    running += change.delta;
    endOfDay.set(change.day, running);
    if (change.day < firstDay) {
      before = running;
      continue;
    }
    ledger.push(
      change.kind === 'grant'
        ? { kind: 'grant', at: change.at, day: change.day, amount: change.delta, reason: change.reason, balanceAfter: running }
        : { kind: 'usage', at: change.at, day: change.day, amount: change.delta, calls: change.calls, balanceAfter: running },
    );
  }
  let carried = before;
  const balanceByDay = days.map((day) => {
    carried = endOfDay.get(day) ?? carried;
    return { day, balance: carried };
  });
  return {
    balance: Number(balance.rows[0]?.balance ?? 0),
    openHolds: holds.rows.map((h) => ({ requestId: h.request_id, amount: Number(h.amount), createdAt: h.created_at.toISOString(), keyName: h.key_name })),
    heldTotal: Number(balance.rows[0]?.held ?? 0),
    holdReleaseSeconds: Math.round(staleHoldAgeMs(readMeteringConfig()) / 1000),
    totalGranted: grants.rows.reduce((sum, g) => sum + Number(g.amount), 0),
    totalUsed: usage.rows.reduce((sum, u) => sum + Number(u.credits), 0),
    ledger: ledger.reverse(),
    balanceByDay,
    windowDays,
  };
}
