import { getBalance } from '@/lib/credits';
import { getPool } from '@/lib/db/pool';
import { writeAnsweredUsage } from '@/lib/metering/write-answered-usage';

/** Accounts that never chose a threshold are warned below this many credits. */
export const DEFAULT_LOW_BALANCE_THRESHOLD = 1_000;
export const MAX_LOW_BALANCE_THRESHOLD = 1_000_000_000;

export type BalanceStatus = { balance: number; threshold: number; low: boolean };

/** The account's balance against its alert threshold; `low` when it is below a threshold that is on. */
export async function getBalanceStatus(userId: string): Promise<BalanceStatus> {
  // Usage is written behind (lib/metering): what this server answered is written first.
  await writeAnsweredUsage();
  const [balance, { rows }] = await Promise.all([
    getBalance(userId),
    getPool().query<{ threshold: string }>({ name: 'perch_balance_alert', text: 'SELECT threshold::text FROM balance_alerts WHERE user_id = $1', values: [userId] }),
  ]);
  const threshold = rows[0] ? Number(rows[0].threshold) : DEFAULT_LOW_BALANCE_THRESHOLD;
  return { balance, threshold, low: threshold > 0 && balance < threshold };
}

export type ThresholdResult = { ok: true; status: BalanceStatus } | { ok: false; error: string };

/** Sets the account's threshold from a form value: a whole number of credits, 0 to turn the alert off. */
export async function setBalanceThreshold(userId: string, input: unknown): Promise<ThresholdResult> {
  const text = typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim().replace(/[,_\s]/g, '') : '';
  if (!/^\d+$/.test(text)) return { ok: false, error: 'Enter a whole number of credits (0 turns the alert off)' };
  const threshold = Number(text);
  if (threshold > MAX_LOW_BALANCE_THRESHOLD) return { ok: false, error: `Choose at most ${MAX_LOW_BALANCE_THRESHOLD.toLocaleString('en-US')} credits` };
  await getPool().query({
    name: 'perch_balance_alert_set',
    text: `INSERT INTO balance_alerts (user_id, threshold, updated_at) VALUES ($1, $2, now())
           ON CONFLICT (user_id) DO UPDATE SET threshold = EXCLUDED.threshold, updated_at = now()`,
    values: [userId, threshold],
  });
  return { ok: true, status: await getBalanceStatus(userId) };
}
