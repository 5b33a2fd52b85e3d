export type KeyScope = 'read' | 'write';

/** What the /v2 pipeline learns about the caller's key; never contains the raw key or its hash. */
export type ApiKeyRecord = {
  id: string;
  userId: string;
  name: string;
  display: string;
  scopes: KeyScope[];
  rateLimit: number;
  creditLimit: number | null;
  /** As of the lookup, which may be up to the cache TTL old; placeHold enforces the limit exactly. */
  creditsSpent: number;
  expiresAt: Date | null;
  revokedAt: Date | null;
  /** Set when the request presented the secret a rotation replaced: it is accepted until then. */
  graceEndsAt: Date | null;
};

export type AuthFailureReason = 'missing' | 'malformed' | 'unknown' | 'revoked' | 'expired' | 'rotated';

export type AuthResult = { ok: true; key: ApiKeyRecord } | { ok: false; reason: AuthFailureReason };
