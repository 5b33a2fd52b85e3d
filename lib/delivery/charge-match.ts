import { getPool } from '@/lib/db/pool';
import { placeHold, releaseHold, settleHold } from '@/lib/credits';
import { COSTS } from '@/lib/api/define-operation';
import { pauseRulesForCredits } from './credit-pauses';

/** What a delivered match costs: one tweet (contract section 3). */
export const MATCH_PRICE = COSTS.tweet.credits;

export type MatchOwner = { matchId: string; userId: string; keyId: string };

/** A hold that pays for one match if its delivery succeeds; `settle` charges once per match, `release` refunds. */
export type MatchPayment = { settle: (latencyMs: number) => Promise<void>; release: (latencyMs: number, status: number) => Promise<void> };

const usage = (status: number, items: number, latencyMs: number) => ({ operation: 'deliverMatch', tag: 'Rules', status, items, latencyMs, source: 'api' as const });

/**
 * Holds the price of a match before it is delivered, as any call is held. When the account
 * cannot pay, its rules pause with the reason and null is returned: nothing is sent.
 * A match already paid for (delivered on another channel) needs no hold.
 */
export async function holdMatchPayment(owner: MatchOwner, requestId: string): Promise<MatchPayment | null> {
  const paid = await getPool().query('SELECT 1 FROM realtime_matches WHERE id = $1::bigint AND charged_at IS NOT NULL', [owner.matchId]);
  if (paid.rows.length > 0) return { settle: async () => {}, release: async () => {} };
  const hold = await placeHold({ userId: owner.userId, keyId: owner.keyId, requestId, amount: MATCH_PRICE });
  if (!hold.ok) {
    // A daily or monthly budget resets by itself: rules stay active, this match is not sent.
    if (hold.reason === 'insufficient_credits' || hold.reason === 'key_limit_reached') await pauseRulesForCredits(owner, hold.reason);
    return null;
  }
  return {
    settle: async (latencyMs) => {
      // Charged once per match: only the delivery that marks it paid keeps the hold.
      const claimed = await getPool().query('UPDATE realtime_matches SET charged_at = now() WHERE id = $1::bigint AND charged_at IS NULL', [owner.matchId]);
      if ((claimed.rowCount ?? 0) > 0) await settleHold({ holdId: hold.holdId, charge: MATCH_PRICE, usage: usage(200, 1, latencyMs) });
      else await releaseHold({ holdId: hold.holdId, usage: usage(200, 0, latencyMs) });
    },
    release: async (latencyMs, status) => {
      await releaseHold({ holdId: hold.holdId, usage: usage(status, 0, latencyMs) });
    },
  };
}
