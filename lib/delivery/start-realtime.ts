import type { Runner } from 'graphile-worker';
import { startMatchWorker, type MatchWorker } from '@/lib/rules/match-worker';
import { MATCH_PRICE } from './charge-match';
import { resumeAfterGrant } from './credit-pauses';
import { deliverWebhook } from './deliver-webhook';
import { DELIVERY_TASK, startJobQueue } from './job-queue';
import { subscribe } from './notifications';

export type Realtime = { matcher: MatchWorker; queue: Runner; stop: () => Promise<void> };

/**
 * Starts this instance's share of real-time work: the job queue (webhook deliveries), the
 * matcher (new tweets against rules) and the credit watcher (rules paused for credits resume
 * on a grant). Any number of instances may run it against one database.
 */
export async function startRealtime(): Promise<Realtime> {
  const queue = await startJobQueue(
    { [DELIVERY_TASK]: async (payload) => deliverWebhook((payload as { deliveryId: string }).deliveryId) },
    Number(process.env.PERCH_WEBHOOK_CONCURRENCY ?? 10),
  );
  const matcher = await startMatchWorker();
  const unsubscribeCredits = await subscribe('perch_realtime_credits', (userId) => {
    if (userId) void resumeAfterGrant(userId, MATCH_PRICE).catch((error: Error) => console.error(`[realtime] resuming ${userId} failed: ${error.message}`));
  });
  return {
    matcher,
    queue,
    stop: async () => {
      unsubscribeCredits();
      await matcher.stop();
      await queue.stop();
    },
  };
}
