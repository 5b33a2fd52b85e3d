import { componentLogger } from '@/lib/observability/logger';
import { getPool } from '@/lib/db/pool';

const log = componentLogger('keys');

export type LastUsedTracker = {
  /** Records a use of a key; at most one write per key per interval leaves this process. */
  note(keyId: string): void;
  /** Writes the pending keys now; resolves when done, never rejects. */
  flush(): Promise<void>;
  readonly pending: number;
};

export type LastUsedOptions = {
  minIntervalMs?: number;
  /** How long uses are collected before one batched UPDATE goes out. */
  flushDelayMs?: number;
  now?: () => number;
};

// The database re-checks the interval so that N instances still write a key at most about
// once a minute each and mostly not at all (a row version saved is a dead tuple avoided).
const TOUCH_SQL = `
  UPDATE api_keys SET last_used_at = now()
  WHERE id = ANY($1::text[])
    AND (last_used_at IS NULL OR last_used_at < now() - $2::int * interval '1 millisecond')`;

/** A batching, throttled writer of api_keys.last_used_at that stays off the request path. */
export function createLastUsedTracker({ minIntervalMs = 60_000, flushDelayMs = 1_000, now = Date.now }: LastUsedOptions = {}): LastUsedTracker {
  const lastWritten = new Map<string, number>();
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;

  async function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    if (pending.size === 0) return;
    const ids = [...pending];
    pending = new Set();
    // Forget keys whose interval has passed, so the map holds only recently used keys.
    const cutoff = now() - minIntervalMs;
    for (const [id, at] of lastWritten) if (at <= cutoff) lastWritten.delete(id);
    try {
      await getPool().query({ name: 'perch_keys_touch_last_used', text: TOUCH_SQL, values: [ids, minIntervalMs] });
    } catch (error) {
      // A lost last_used_at update is harmless; a failed request because of one is not.
      log.error({ keys: ids.length, err: error }, `last_used_at update failed for ${ids.length} key(s): ${(error as Error).message}`);
    }
  }

  return {
    note(keyId) {
      const at = lastWritten.get(keyId);
      const current = now();
      if (at !== undefined && current - at < minIntervalMs) return;
      lastWritten.set(keyId, current);
      pending.add(keyId);
      if (timer) return;
      timer = setTimeout(() => void flush(), flushDelayMs);
      timer.unref();
    },
    flush,
    get pending() {
      return pending.size;
    },
  };
}

const globalForKeys = globalThis as typeof globalThis & { perchLastUsed?: LastUsedTracker };

/** The process-wide last_used_at tracker that authenticateKey feeds. */
export function sharedLastUsedTracker(): LastUsedTracker {
  globalForKeys.perchLastUsed ??= createLastUsedTracker();
  return globalForKeys.perchLastUsed;
}
