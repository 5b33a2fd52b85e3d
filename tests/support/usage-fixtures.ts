import crypto from 'node:crypto';
import { getPool } from '@/lib/db/pool';
import { placeHold } from '@/lib/credits/place-hold';
import { settleHold } from '@/lib/credits/settle-hold';

export type CallSpec = { operation: string; tag: string; credits: number; items?: number; status?: number; latencyMs?: number };

/** Records one call the way the /v2 pipeline does: a hold, then its settlement (event + rollup). */
export async function recordCall(userId: string, keyId: string | null, call: CallSpec): Promise<void> {
  const failed = (call.status ?? 200) >= 400;
  const hold = await placeHold({ userId, keyId, requestId: `req_${crypto.randomBytes(8).toString('hex')}`, amount: call.credits });
  if (!hold.ok) throw new Error(`hold refused: ${hold.reason}`);
  await settleHold({
    holdId: hold.holdId,
    charge: failed ? 0 : call.credits,
    usage: { operation: call.operation, tag: call.tag, status: call.status ?? 200, items: failed ? 0 : (call.items ?? 1), latencyMs: call.latencyMs ?? 10, source: keyId ? 'api' : 'playground' },
  });
}

/** A rollup row for an earlier UTC day (settlement always files under today). */
export async function addPastDay(userId: string, keyId: string, daysAgo: number, row: { operation: string; tag: string; calls: number; errors?: number; items?: number; credits: number }): Promise<void> {
  await getPool().query(
    `INSERT INTO usage_daily (user_id, key_id, day, operation, tag, calls, errors, items, credits, latency_ms_sum)
     VALUES ($1, $2, (now() AT TIME ZONE 'UTC')::date - $3::int, $4, $5, $6, $7, $8, $9, 0)`,
    [userId, keyId, daysAgo, row.operation, row.tag, row.calls, row.errors ?? 0, row.items ?? row.calls, row.credits],
  );
}
