// Checks a Perch webhook delivery's Perch-Signature header with the Web Crypto API, so it runs
// in Node 20+, Deno, Bun, edge runtimes and browsers alike.

export type VerifyWebhookInput = {
  /** The raw request body, exactly as received (verify before parsing it). */
  body: string;
  /** The Perch-Signature header: `t=<unix seconds>,v1=<hex>[,v1=<hex>]`. */
  signature: string | null | undefined;
  /** The endpoint secret(s) (`whsec_…`): pass the old and new one while rotating. */
  secret: string | readonly string[];
  /** How old a delivery may be, against replays; default 300 seconds. */
  toleranceSeconds?: number;
  /** The current time in milliseconds, for tests. */
  now?: number;
};

const encoder = new TextEncoder();

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

// Compares in time independent of where the strings differ.
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** Whether a delivery is genuine: some v1 signature is the HMAC-SHA256 of `<t>.<body>` under a secret, and t is recent. */
export async function verifyWebhookSignature({ body, signature, secret, toleranceSeconds = 300, now = Date.now() }: VerifyWebhookInput): Promise<boolean> {
  if (!signature) return false;
  const parts = signature.split(',').map((part) => {
    const at = part.indexOf('=');
    return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
  });
  const timestamp = parts.find(([name]) => name === 't')?.[1];
  const candidates = parts.filter(([name]) => name === 'v1').map(([, value]) => value);
  if (!timestamp || !/^\d+$/.test(timestamp) || candidates.length === 0) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > toleranceSeconds) return false;
  for (const key of typeof secret === 'string' ? [secret] : secret) {
    const expected = await hmacHex(key, `${timestamp}.${body}`);
    if (candidates.some((candidate) => sameText(candidate, expected))) return true;
  }
  return false;
}
