import { getPool } from '@/lib/db/pool';
import { placeHold, releaseHold, settleHold } from '@/lib/credits';
import { COSTS } from '@/lib/api/define-operation';
import { PLATFORM_NAMES } from '@/lib/platform/platform';
import { chargeFor } from '@/lib/prices/price-book';
import { ensurePriceBook, getPriceBook } from '@/lib/prices/price-book-sync';
import { pauseRulesForCredits } from './credit-pauses';

// A delivered match is a tweet found for the workspace, as a search finds one: it costs what one
// tweet of POST /v2/search (searchTweets) costs the rule's workspace on the rule's platform, from
// the price list (lib/prices), its own terms and a per-call minimum applied. The operation is
// named here by id and seed cost, not taken from the registry, which imports this module.
export const MATCH_OPERATION = { id: 'searchTweets', cost: COSTS.tweet };

/** The seed's price of a match (one tweet), for texts and thresholds that name no workspace. */
export const MATCH_PRICE = COSTS.tweet.credits;

/**
 * The most one match can cost `workspaceId` (or, without one, anyone on the list) on any platform
 * now: paused rules resume, and waiting deliveries wake, once the balance or budget covers it,
 * so that the next match does not pause them again at once.
 */
export async function matchPriceCeiling(workspaceId?: string): Promise<number> {
  await ensurePriceBook();
  return Math.max(...PLATFORM_NAMES.map((platform) => matchPrice(workspaceId ?? '', platform)));
}

/** What one match of a rule on `platform` costs `workspaceId` now, from the price book this instance holds. */
export function matchPrice(workspaceId: string, platform: string, at = Date.now()): number {
  return chargeFor(getPriceBook().priceOf(MATCH_OPERATION, platform, workspaceId, at), 1);
}

export type MatchOwner = { matchId: string; userId: string; keyId: string };

/** A hold that pays for one match if its delivery succeeds; `settle` charges once per match, `release` refunds. */
export type MatchPayment = { settle: (latencyMs: number) => Promise<void>; release: (latencyMs: number, status: number) => Promise<void> };

// Filed under the rule's platform, as a call is under the platform that served it.
const usage = (status: number, items: number, latencyMs: number, platform: string) => ({ operation: 'deliverMatch', tag: 'Rules', status, items, latencyMs, source: 'api' as const, platform });

/**
 * Holds the price of a match before it is delivered, as any call is held. When the account
 * cannot pay, its rules pause with the reason and null is returned: nothing is sent.
 * A match already paid for (delivered on another channel) needs no hold.
 */
export async function holdMatchPayment(owner: MatchOwner, requestId: string): Promise<MatchPayment | null> {
  const { rows } = await getPool().query<{ paid: boolean; platform: string | null }>(
    'SELECT m.charged_at IS NOT NULL AS paid, r.platform FROM realtime_matches m LEFT JOIN realtime_rules r ON r.id = m.rule_id WHERE m.id = $1::bigint',
    [owner.matchId],
  );
  if (rows[0]?.paid) return { settle: async () => {}, release: async () => {} };
  // The price when the hold is placed is the price charged, as for a call.
  await ensurePriceBook();
  const platform = rows[0]?.platform ?? 'local';
  const price = matchPrice(owner.userId, platform);
  const hold = await placeHold({ userId: owner.userId, keyId: owner.keyId, requestId, amount: price });
  if (!hold.ok) {
    // A daily or monthly budget resets by itself: rules stay active, this match is not sent.
    if (hold.reason === 'insufficient_credits' || hold.reason === 'key_limit_reached') await pauseRulesForCredits(owner, hold.reason);
    return null;
  }
  return {
    settle: async (latencyMs) => {
      // Charged once per match: only the delivery that marks it paid keeps the hold.
      const claimed = await getPool().query('UPDATE realtime_matches SET charged_at = now() WHERE id = $1::bigint AND charged_at IS NULL', [owner.matchId]);
      if ((claimed.rowCount ?? 0) > 0) await settleHold({ holdId: hold.holdId, charge: price, usage: usage(200, 1, latencyMs, platform) });
      else await releaseHold({ holdId: hold.holdId, usage: usage(200, 0, latencyMs, platform) });
    },
    release: async (latencyMs, status) => {
      await releaseHold({ holdId: hold.holdId, usage: usage(status, 0, latencyMs, platform) });
    },
  };
}
