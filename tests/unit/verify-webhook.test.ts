import { describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '@perch/client';
import { newEndpointSecret, signatureHeader } from '@/lib/delivery/sign-payload';

// The client's verifier against the server's signer: the two must agree, and nothing else may pass.

const body = JSON.stringify({ id: 'd1', event: 'test', tweet: null });
const secret = newEndpointSecret();
const now = Date.now();
const t = Math.floor(now / 1000);

describe('verifyWebhookSignature', () => {
  it('accepts what the server signs, with either secret during a rotation', async () => {
    const rotated = newEndpointSecret();
    expect(await verifyWebhookSignature({ body, signature: signatureHeader([secret], t, body), secret, now })).toBe(true);
    const both = signatureHeader([rotated, secret], t, body);
    expect(await verifyWebhookSignature({ body, signature: both, secret, now })).toBe(true);
    expect(await verifyWebhookSignature({ body, signature: both, secret: rotated, now })).toBe(true);
    expect(await verifyWebhookSignature({ body, signature: signatureHeader([secret], t, body), secret: [rotated, secret], now })).toBe(true);
  });

  it('refuses a changed body, another secret, an old timestamp and malformed headers', async () => {
    const signature = signatureHeader([secret], t, body);
    expect(await verifyWebhookSignature({ body: `${body} `, signature, secret, now })).toBe(false);
    expect(await verifyWebhookSignature({ body, signature, secret: newEndpointSecret(), now })).toBe(false);
    expect(await verifyWebhookSignature({ body, signature, secret, now: now + 301_000 })).toBe(false);
    expect(await verifyWebhookSignature({ body, signature: signature.replace(`t=${t}`, `t=${t + 1}`), secret, now })).toBe(false);
    for (const bad of [null, '', 'v1=abc', `t=${t}`, 't=x,v1=00']) expect(await verifyWebhookSignature({ body, signature: bad, secret, now })).toBe(false);
  });
});
