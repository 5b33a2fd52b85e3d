import crypto from 'node:crypto';

/** A new request id: `req_` and 20 random base32-ish characters. */
export function newRequestId(): string {
  return `req_${crypto.randomBytes(12).toString('base64url')}`;
}
