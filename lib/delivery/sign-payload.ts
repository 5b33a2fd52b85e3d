import crypto from 'node:crypto';

/** The header carrying a delivery's signatures: `t=<unix seconds>,v1=<hex>[,v1=<hex>]`. */
export const SIGNATURE_HEADER = 'perch-signature';

/** HMAC-SHA256 of `<timestamp>.<body>` under one endpoint secret, hex. */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  return crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/**
 * The Perch-Signature value for a body: one v1 per secret (two while a rotated secret's
 * overlap window lasts), so a receiver holding either secret can verify.
 */
export function signatureHeader(secrets: readonly string[], timestamp: number, body: string): string {
  return [`t=${timestamp}`, ...secrets.map((secret) => `v1=${signatureOf(secret, timestamp, body)}`)].join(',');
}

/** A new endpoint secret, shown once: `whsec_` and 32 random bytes. */
export function newEndpointSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString('base64url')}`;
}
