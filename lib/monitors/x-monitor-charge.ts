import { COSTS } from '@/lib/api/define-operation';
import { placeHold, releaseHold, settleHold } from '@/lib/credits';
import { pauseRulesForCredits } from '@/lib/delivery/credit-pauses';
import { chargeFor } from '@/lib/prices/price-book';
import { ensurePriceBook, getPriceBook } from '@/lib/prices/price-book-sync';
import type { PollReads } from './x-monitor-reads';

// A poll of X for a monitor costs its workspace what its reads cost in the price list (lib/prices),
// as the same reads through the API would: each follower or following account read is an item of
// getUserFollowers / getUserFollowing, each profile looked up an item of getUsersBatch, each with
// the workspace's terms and a per-call minimum. One hold and one usage row (pollMonitor) per poll,
// with what X was asked and what that cost the operator (the upstream cost in force).

const OPERATIONS: Record<string, { id: string; cost: (typeof COSTS)[keyof typeof COSTS] }> = {
  getUserFollowers: { id: 'getUserFollowers', cost: COSTS.follower },
  getUserFollowing: { id: 'getUserFollowing', cost: COSTS.follower },
  getUsersBatch: { id: 'getUsersBatch', cost: COSTS.profile },
};

/** The usage row's operation: a monitor's poll of X. */
export const POLL_OPERATION = 'pollMonitor';

export type PollOwner = { ruleId: string; userId: string; keyId: string };

/** What the poll's reads cost the workspace now. */
export async function pollPrice(workspaceId: string, reads: PollReads): Promise<number> {
  await ensurePriceBook();
  let total = 0;
  for (const [operation, used] of reads) total += used.items > 0 ? chargeFor(getPriceBook().priceOf(OPERATIONS[operation], 'x', workspaceId), used.items) : 0;
  return total;
}

/** The usage row's upstream figures: requests made, items returned, and their cost to the operator. */
function upstreamUse(reads: PollReads) {
  let requests = 0;
  let items = 0;
  let micros = 0;
  for (const [operation, used] of reads) {
    requests += used.requests;
    items += used.items;
    micros += getPriceBook().upstreamCostMicros('x', operation, { requests: used.requests, cached: 0, items: used.items });
  }
  return { platform: 'x', upstreamRequests: requests, upstreamCached: 0, upstreamItems: items, upstreamCostMicros: micros };
}

export type PollPayment = { settle: (latencyMs: number) => Promise<void>; release: (latencyMs: number) => Promise<void> };

/**
 * Holds the poll's price before its events and state are stored. When the workspace (or the
 * key's limit) cannot pay, the rules pause (insufficient_credits / key_limit_reached, resumed on
 * a grant as every rule is) and null is returned: the poll stores nothing. A budget that cannot
 * take it also gives null, without pausing: budgets reset by themselves.
 */
export async function holdPollPayment(owner: PollOwner, pollMs: number, reads: PollReads): Promise<PollPayment | null> {
  const price = await pollPrice(owner.userId, reads);
  const items = [...reads.values()].reduce((sum, used) => sum + used.items, 0);
  const hold = await placeHold({ userId: owner.userId, keyId: owner.keyId, requestId: `xmon_${owner.ruleId}_${pollMs}`, amount: price });
  if (!hold.ok) {
    if (hold.reason === 'insufficient_credits' || hold.reason === 'key_limit_reached') await pauseRulesForCredits(owner, hold.reason);
    return null;
  }
  const usage = (status: number, latencyMs: number, itemsCharged: number) => ({
    operation: POLL_OPERATION,
    tag: 'Rules',
    status,
    items: itemsCharged,
    latencyMs,
    source: 'api' as const,
    params: { rule_id: owner.ruleId },
    ...upstreamUse(reads),
  });
  return {
    settle: async (latencyMs) => {
      await settleHold({ holdId: hold.holdId, charge: price, usage: usage(200, latencyMs, items) });
    },
    release: async (latencyMs) => {
      await releaseHold({ holdId: hold.holdId, usage: usage(500, latencyMs, 0) });
    },
  };
}
