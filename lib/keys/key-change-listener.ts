import pg from 'pg';
import { componentLogger } from '@/lib/observability/logger';
import { sharedViewerCache, type ViewerCache } from '@/lib/connections/viewer-cache';
import { sharedKeyCache, type KeyCache } from './key-cache';

/** The PostgreSQL channel a trigger on api_keys notifies on (payload: affected key hashes, space-separated). */
export const KEY_CHANGE_CHANNEL = 'perch_api_keys';

/** The channel a trigger on platform_connections notifies on (payload: the Perch account's id). */
export const CONNECTION_CHANGE_CHANNEL = 'perch_platform_connections';

/** While the listener is not listening, cached lookups are trusted this long at most: the revocation bound without notifications. */
export const UNLISTENED_KEY_CACHE_TTL_MS = 500;

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;

export type KeyChangeListener = {
  /** True while LISTEN is in place on a live connection: only then may lookups be cached for the full TTL. */
  readonly listening: boolean;
  /** Resolves once the first LISTEN succeeded (never rejects; keeps retrying in the background). */
  readonly ready: Promise<void>;
  stop(): Promise<void>;
};

export type KeyChangeListenerOptions = { connectionString?: string; cache?: KeyCache; viewers?: ViewerCache; log?: (message: string) => void };

/**
 * Listens for key changes on a dedicated connection (a pooled one could be handed to a query
 * mid-LISTEN) and drops the changed hashes from the cache; connection changes drop the
 * account's entry from the viewer cache the same way. A dropped connection is reopened
 * with backoff; notifications sent meanwhile are lost, so the whole cache is forgotten both
 * when the connection drops and when LISTEN is back.
 */
export function startKeyChangeListener({
  connectionString = process.env.DATABASE_URL,
  cache = sharedKeyCache(),
  viewers = sharedViewerCache(),
  log = (message) => componentLogger('keys').warn(message),
}: KeyChangeListenerOptions = {}): KeyChangeListener {
  if (!connectionString) throw new Error('DATABASE_URL is not set: the key change listener needs the database');
  let client: pg.Client | undefined;
  let listening = false;
  let stopped = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let lastError = '';
  let markReady = (): void => undefined;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  function lost(from: pg.Client, error?: Error): void {
    if (client !== from) return;
    client = undefined;
    listening = false;
    cache.clear();
    viewers.clear();
    from.removeAllListeners('notification');
    from.end().catch(() => undefined);
    if (stopped) return;
    const message = error?.message ?? 'connection ended';
    if (message !== lastError) log(`key change listener lost its connection (${message}); reconnecting`);
    lastError = message;
    retryTimer = setTimeout(connect, retryMs);
    retryTimer.unref();
    retryMs = Math.min(MAX_RETRY_MS, retryMs * 2);
  }

  function connect(): void {
    if (stopped) return;
    const next = new pg.Client({ connectionString, application_name: 'perch-key-listener', keepAlive: true });
    client = next;
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.channel === CONNECTION_CHANGE_CHANNEL && message.payload) viewers.drop(message.payload);
      if (message.channel !== KEY_CHANGE_CHANNEL) return;
      for (const keyHash of (message.payload ?? '').split(' ')) if (keyHash) cache.drop(keyHash);
    });
    next
      .connect()
      .then(() => next.query(`LISTEN ${KEY_CHANGE_CHANNEL}; LISTEN ${CONNECTION_CHANGE_CHANNEL}`))
      .then(() => {
        if (client !== next) return;
        // Whatever changed while nobody listened is unknown: start from empty caches.
        cache.clear();
        viewers.clear();
        listening = true;
        retryMs = FIRST_RETRY_MS;
        if (lastError) log('key change listener is listening again');
        lastError = '';
        markReady();
      })
      .catch((error: Error) => lost(next, error));
  }

  connect();
  return {
    get listening() {
      return listening;
    },
    ready,
    async stop() {
      stopped = true;
      listening = false;
      clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

const globalForKeys = globalThis as typeof globalThis & { perchKeyChangeListener?: KeyChangeListener };

/** The process's listener for the shared key cache, started on first call (idempotent). */
export function sharedKeyChangeListener(): KeyChangeListener {
  globalForKeys.perchKeyChangeListener ??= startKeyChangeListener();
  return globalForKeys.perchKeyChangeListener;
}

/** Whether the process's listener is currently listening; false when it was never started. */
export function isListeningForKeyChanges(): boolean {
  return globalForKeys.perchKeyChangeListener?.listening ?? false;
}

/** Stops the process's listener, if one was started. */
export async function stopKeyChangeListener(): Promise<void> {
  const listener = globalForKeys.perchKeyChangeListener;
  globalForKeys.perchKeyChangeListener = undefined;
  await listener?.stop();
}
