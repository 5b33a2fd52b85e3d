import { readIntoCache } from '@/lib/cache/single-flight';
import { findKeyByHash } from './find-key-by-hash';
import { sharedKeyCache, type KeyCache } from './key-cache';
import { sharedKeyChangeListener, UNLISTENED_KEY_CACHE_TTL_MS } from './key-change-listener';
import { hashApiKey } from './key-format';
import { startKeyInvalidationSubscriber } from './key-invalidation';
import { sharedLastUsedTracker, type LastUsedTracker } from './last-used';
import { parseBearerKey } from './parse-authorization';
import type { AuthResult } from './types';

export type AuthenticateOptions = { cache?: KeyCache; lastUsed?: LastUsedTracker; now?: () => number };

/** Resolves a raw Authorization header to the caller's key record, or the reason it is refused. */
export async function authenticateKey(header: string | null | undefined, options: AuthenticateOptions = {}): Promise<AuthResult> {
  const { cache = sharedKeyCache(), lastUsed = sharedLastUsedTracker(), now = Date.now } = options;
  const parsed = parseBearerKey(header);
  if ('reason' in parsed) return { ok: false, reason: parsed.reason };
  void startKeyInvalidationSubscriber();
  // The database's notifications keep the shared cache true; a cache passed in is the caller's to keep.
  const listening = options.cache ? true : sharedKeyChangeListener().listening;

  const keyHash = hashApiKey(parsed.key);
  let key = cache.get(keyHash);
  if (key === undefined) {
    // Unannounced changes (nobody listening) must land within the short TTL.
    key = await readIntoCache(cache, keyHash, () => findKeyByHash(keyHash), () => (listening ? undefined : UNLISTENED_KEY_CACHE_TTL_MS));
  }
  if (!key) return { ok: false, reason: 'unknown' };
  if (key.revokedAt) return { ok: false, reason: 'revoked' };
  if (key.expiresAt && key.expiresAt.getTime() <= now()) return { ok: false, reason: 'expired' };
  if (key.graceEndsAt && key.graceEndsAt.getTime() <= now()) return { ok: false, reason: 'rotated' };
  lastUsed.note(key.id);
  return { ok: true, key };
}
