/** `limit_reached`: usable, but its spending limit is used up, so every paid call is refused (402 key_limit_reached). */
export type KeyStatus = 'active' | 'limit_reached' | 'revoked' | 'expired';

/** Whether a status still lets the key be used (and rotated). Safe to import in client components. */
export function isLiveStatus(status: KeyStatus): boolean {
  return status === 'active' || status === 'limit_reached';
}
