import { componentLogger } from '@/lib/observability/logger';
import { Redis } from 'ioredis';

const log = componentLogger('redis');

// One command connection per process, shared by the rate limiter and key-revocation publishes.
// On globalThis because Next.js may load this module more than once.
const globalForRedis = globalThis as typeof globalThis & { perchRedis?: Redis };

/** Logs a Redis connection error once per distinct message, so a Redis outage is not a log flood. */
export function logRedisErrors(client: Redis, label: string): void {
  let last = '';
  client.on('error', (error: Error) => {
    if (error.message === last) return;
    last = error.message;
    log.error({ client: label, err: error }, error.message);
  });
  client.on('ready', () => {
    last = '';
  });
}

/** The shared Redis client for REDIS_URL, connected on first use; null when REDIS_URL is unset. */
export function getRedis(): Redis | null {
  const url = process.env.REDIS_URL;
  if (!url) return null;
  if (!globalForRedis.perchRedis) {
    // One retry, then fail: callers fall back (memory rate limit, TTL-bounded key cache)
    // rather than letting a request wait on a Redis that is down.
    const client = new Redis(url, { maxRetriesPerRequest: 1, connectionName: 'perch' });
    logRedisErrors(client, 'client');
    globalForRedis.perchRedis = client;
  }
  return globalForRedis.perchRedis;
}

/** Closes the shared Redis client, if one was opened. */
export async function closeRedis(): Promise<void> {
  const client = globalForRedis.perchRedis;
  globalForRedis.perchRedis = undefined;
  if (!client) return;
  await client.quit().catch(() => client.disconnect());
}
