import { findKeyByHash } from './find-key-by-hash';
import { sharedKeyCache, type KeyCache } from './key-cache';
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

  const keyHash = hashApiKey(parsed.key);
  let key = cache.get(keyHash);
  if (key === undefined) {
    const generation = cache.generation;
    key = await findKeyByHash(keyHash);
    // A revocation that landed while we were reading may have been read before it: do not keep that.
    if (cache.generation === generation) cache.set(keyHash, key);
  }
  if (!key) return { ok: false, reason: 'unknown' };
  if (key.revokedAt) return { ok: false, reason: 'revoked' };
  if (key.expiresAt && key.expiresAt.getTime() <= now()) return { ok: false, reason: 'expired' };
  lastUsed.note(key.id);
  return { ok: true, key };
}
