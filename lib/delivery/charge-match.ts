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
  return eventPrice('rule.match', workspaceId, platform, at);
}

// The one place an event type gets its price (issue 32): each paid type is one item of the read
// that would have found it. A follow.* event is a follower (one item of getUserFollowers), a
// profile.* event a profile (one getUser), a rule.match a tweet (searchTweets). Account events
// (balance, budget, exports) and any type not listed here are free and never held.
const EVENT_OPERATIONS: Record<string, { id: string; cost: (typeof COSTS)[keyof typeof COSTS] }> = {
  'rule.match': MATCH_OPERATION,
  'follow.added': { id: 'getUserFollowers', cost: COSTS.follower },
  'follow.removed': { id: 'getUserFollowers', cost: COSTS.follower },
  'profile.updated': { id: 'getUser', cost: COSTS.profile },
  'profile.unavailable': { id: 'getUser', cost: COSTS.profile },
  'profile.available': { id: 'getUser', cost: COSTS.profile },
};

/** Whether events of this type are priced (held and charged on first delivery); the others are free and never held. */
export function isPaidEvent(event: string): boolean {
  return Object.hasOwn(EVENT_OPERATIONS, event);
}

/** What one event of type `event` of a rule on `platform` costs `workspaceId` now (0: free), from the price book this instance holds. */
export function eventPrice(event: string, workspaceId: string, platform: string, at = Date.now()): number {
  const operation = EVENT_OPERATIONS[event];
  return operation ? chargeFor(getPriceBook().priceOf(operation, platform, workspaceId, at), 1) : 0;
}

export type MatchOwner = { matchId: string; userId: string; keyId: string };

/** A hold that pays for one match if its delivery succeeds; `settle` charges once per match, `release` refunds. */
export type MatchPayment = { settle: (latencyMs: number) => Promise<void>; release: (latencyMs: number, status: number) => Promise<void> };

// Filed under the rule's platform, as a call is under the platform that served it.
const usage = (status: number, items: number, latencyMs: number, platform: string) => ({ operation: 'deliverMatch', tag: 'Rules', status, items, latencyMs, source: 'api' as const, platform });

const NOTHING_TO_PAY: MatchPayment = { settle: async () => {}, release: async () => {} };

/**
 * Holds the price of an event (a match, a follow, a profile change: eventPrice) before it is
 * delivered, as any call is held. When the account cannot pay, its rules pause with the reason
 * and null is returned: nothing is sent. An event already paid for (delivered on another channel)
 * and a free event (account events) need no hold.
 */
export async function holdMatchPayment(owner: MatchOwner, requestId: string): Promise<MatchPayment | null> {
  const { rows } = await getPool().query<{ paid: boolean; platform: string | null; event: string }>(
    'SELECT m.charged_at IS NOT NULL AS paid, r.platform, m.event FROM realtime_matches m LEFT JOIN realtime_rules r ON r.id = m.rule_id WHERE m.id = $1::bigint',
    [owner.matchId],
  );
  if (rows[0]?.paid) return NOTHING_TO_PAY;
  // The price when the hold is placed is the price charged, as for a call.
  await ensurePriceBook();
  const platform = rows[0]?.platform ?? 'local';
  const event = rows[0]?.event ?? 'rule.match';
  if (!isPaidEvent(event)) return NOTHING_TO_PAY;
  const price = eventPrice(event, owner.userId, platform);
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
