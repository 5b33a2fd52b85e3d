import { componentLogger } from '@/lib/observability/logger';
import type { Redis } from 'ioredis';
import { getRedis, logRedisErrors } from '@/lib/ratelimit/redis-client';
import { sharedKeyCache, type KeyCache } from './key-cache';

const log = componentLogger('keys');

/** Redis channel on which instances announce revoked keys (the message is the key hash). */
export const KEY_INVALIDATION_CHANNEL = 'perch:keys:invalidate';

type Subscription = { subscriber: Redis; subscribed: Promise<void> };
const globalForKeys = globalThis as typeof globalThis & { perchKeySubscription?: Subscription };

/** Tells other instances to drop a key from their caches; errors are logged, never thrown. */
export async function publishKeyInvalidation(keyHash: string): Promise<void> {
  const redis = getRedis();
  if (!redis) return;
  try {
    await redis.publish(KEY_INVALIDATION_CHANNEL, keyHash);
  } catch (error) {
    // The cache TTL still bounds how long other instances trust the key.
    log.error({ err: error }, `revocation broadcast failed: ${(error as Error).message}`);
  }
}

// Called on every authenticated request: without Redis it answers with one settled promise, not a new one each time.
const NOTHING_TO_SUBSCRIBE = Promise.resolve();

/**
 * Subscribes this process to key invalidations when REDIS_URL is set (idempotent). The promise
 * resolves once Redis confirms the subscription (never, while Redis is unreachable), so the
 * hot path does not wait for it.
 */
export function startKeyInvalidationSubscriber(cache: KeyCache = sharedKeyCache()): Promise<void> {
  const existing = globalForKeys.perchKeySubscription;
  if (existing) return existing.subscribed;
  const redis = getRedis();
  if (!redis) return NOTHING_TO_SUBSCRIBE;
  // A subscribed connection can run no other command, hence a second connection.
  const subscriber = redis.duplicate({ connectionName: 'perch-key-invalidation' });
  logRedisErrors(subscriber, 'key-invalidation');
  let connectedBefore = false;
  let confirm = (): void => undefined;
  const subscribed = new Promise<void>((resolve) => {
    confirm = resolve;
  });
  subscriber.on('ready', () => {
    // Messages published while we were disconnected are lost: forget every cached lookup once.
    if (connectedBefore) cache.clear();
    connectedBefore = true;
    // Subscribing on every (re)connection also covers a first attempt made while Redis was down.
    subscriber.subscribe(KEY_INVALIDATION_CHANNEL).then(confirm, (error: Error) => {
      log.error({ err: error }, `cannot subscribe to key invalidations: ${error.message}`);
    });
  });
  subscriber.on('message', (channel: string, keyHash: string) => {
    if (channel === KEY_INVALIDATION_CHANNEL) cache.drop(keyHash);
  });
  globalForKeys.perchKeySubscription = { subscriber, subscribed };
  return subscribed;
}

/** Closes the invalidation subscription, if one was opened. */
export async function stopKeyInvalidationSubscriber(): Promise<void> {
  const subscription = globalForKeys.perchKeySubscription;
  globalForKeys.perchKeySubscription = undefined;
  if (!subscription) return;
  await subscription.subscriber.quit().catch(() => subscription.subscriber.disconnect());
}
