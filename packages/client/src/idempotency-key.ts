/**
 * A random Idempotency-Key (32 hex characters, 128 bits). getRandomValues rather than
 * randomUUID: browsers offer randomUUID only on secure (https) pages.
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
