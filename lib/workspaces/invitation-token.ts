import crypto from 'node:crypto';

/** How long an invitation link works after it was (re)sent. */
export const INVITATION_TTL_DAYS = 7;

/** A new link token (only in the mail) and the SHA-256 the table keeps. */
export function newInvitationToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** Whether a string could be a token at all, before any query. */
export function isPlausibleToken(token: unknown): token is string {
  return typeof token === 'string' && /^[A-Za-z0-9_-]{20,100}$/.test(token);
}

export function newInvitationId(): string {
  return `inv_${crypto.randomBytes(12).toString('hex')}`;
}
