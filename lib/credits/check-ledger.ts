import { getPool } from '@/lib/db/pool';
import { toCredits } from './credit-amount';
import type { LedgerReport } from './types';

// One statement reads everything from one snapshot, and every writer changes the ledger in one
// statement, so the identity holds exactly at any moment, even with calls in flight. Usage is
// summed from the daily rollup, written in the same statement as each event: events older than
// the request log's retention are pruned (lib/metering/prune-request-log.ts), the rollup stays.
const LEDGER_SQL = `
  SELECT
    coalesce((SELECT balance FROM credit_balances WHERE user_id = $1), 0) AS balance,
    coalesce((SELECT sum(amount) FROM credit_grants WHERE user_id = $1), 0) AS grants,
    coalesce((SELECT sum(credits) FROM usage_daily WHERE user_id = $1), 0) AS usage,
    coalesce((SELECT sum(amount) FROM credit_holds WHERE user_id = $1), 0) AS holds,
    coalesce((SELECT sum(amount) FROM credit_leases WHERE user_id = $1), 0) AS leased,
    NOT EXISTS (
      SELECT 1 FROM api_keys k
      WHERE k.user_id = $1 AND (
        k.credits_held <> coalesce((SELECT sum(h.amount) FROM credit_holds h WHERE h.key_id = k.id), 0)
        OR k.credits_spent <> coalesce((SELECT sum(d.credits) FROM usage_daily d WHERE d.user_id = $1 AND d.key_id = k.id), 0)
        OR k.credits_leased <> coalesce((SELECT sum(l.amount) FROM credit_leases l WHERE l.key_id = k.id), 0)
      )
    ) AS keys_ok,
    coalesce((SELECT reserved FROM credit_balances WHERE user_id = $1), 0)
      = coalesce((SELECT sum(amount) FROM credit_holds WHERE user_id = $1), 0) + coalesce((SELECT sum(amount) FROM credit_leases WHERE user_id = $1), 0) AS reserved_ok`;

type LedgerRow = { balance: string; grants: string; usage: string; holds: string; leased: string; keys_ok: boolean; reserved_ok: boolean };

/**
 * Audits an account: balance = grants − Σ usage charges − open holds − leased credits, and
 * per-key held, spent and leased agree with the holds, usage events and leases, and the
 * workspace's reserved (budgets' in-flight credits) with its holds and leases.
 */
export async function checkLedger(userId: string): Promise<LedgerReport> {
  const { rows } = await getPool().query<LedgerRow>({ name: 'perch_credits_check_ledger', text: LEDGER_SQL, values: [userId] });
  const row = rows[0];
  const report = { balance: toCredits(row.balance), grants: toCredits(row.grants), usage: toCredits(row.usage), holds: toCredits(row.holds), leased: toCredits(row.leased), keysOk: row.keys_ok };
  return { ...report, ok: report.keysOk && row.reserved_ok && report.balance === report.grants - report.usage - report.holds - report.leased };
}
