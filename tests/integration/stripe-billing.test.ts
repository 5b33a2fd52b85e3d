import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@/lib/admin/create-account';
import { StripeConfigError, parseCreditPacks, readStripeConfig } from '@/lib/billing/stripe-config';
import { checkLedger, getBalance } from '@/lib/credits';
import { getPool } from '@/lib/db/pool';
import { startServer, type RunningServer } from '../support/api-server';

// Buying credits: the dashboard's checkout route against a local server that answers as
// Stripe's API documents (Stripe cannot be reached from here), and the webhook endpoint with
// events signed by the stripe library's own test-header helper, through the real server.

const SECRET_KEY = 'sk_test_perch_local';
const WEBHOOK_SECRET = 'whsec_perch_local_test_secret';
const PASSWORD = 'a long enough password';
const signer = new Stripe(SECRET_KEY);

type StripeRequest = { path: string; form: URLSearchParams; authorization: string | undefined };
const stripeRequests: StripeRequest[] = [];
let fakeStripe: http.Server;
let server: RunningServer;
let user: { id: string; email: string };

/** Answers POST /v1/checkout/sessions with a session object in Stripe's documented shape. */
function startFakeStripe(): Promise<http.Server> {
  const fake = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      stripeRequests.push({ path: request.url ?? '', form: new URLSearchParams(body), authorization: request.headers.authorization });
      response.setHeader('content-type', 'application/json');
      if (request.method !== 'POST' || request.url !== '/v1/checkout/sessions') {
        response.statusCode = 404;
        response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${request.url})` } }));
        return;
      }
      const id = `cs_test_${stripeRequests.length}`;
      response.end(JSON.stringify({ id, object: 'checkout.session', mode: 'payment', payment_status: 'unpaid', status: 'open', url: `https://checkout.stripe.com/c/pay/${id}` }));
    });
  });
  return new Promise((resolve) => fake.listen(0, '127.0.0.1', () => resolve(fake)));
}

/** Signs in through next-auth's credentials flow and returns the session cookie. */
async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const cookies = csrf.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const answer = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies.join('; ') },
    body: new URLSearchParams({ csrfToken, email, password, json: 'true' }),
  });
  const session = answer.headers.getSetCookie().find((cookie) => cookie.includes('session-token='));
  if (!session) throw new Error(`sign-in failed: HTTP ${answer.status}`);
  return session.split(';')[0];
}

function checkoutEvent(type: string, session: { id: string; payment_status: string; metadata: Record<string, string> }, eventId: string): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type,
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    data: { object: { object: 'checkout.session', amount_total: 1000, currency: 'usd', client_reference_id: user.id, ...session } },
  });
}

async function deliver(payload: string, signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })): Promise<{ status: number; body: any }> {
  const answer = await fetch(`${server.url}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
  return { status: answer.status, body: await answer.json() };
}

beforeAll(async () => {
  fakeStripe = await startFakeStripe();
  const { port } = fakeStripe.address() as AddressInfo;
  const email = `buyer-${Date.now()}@stripe.test`;
  user = { id: (await createAccount({ email, password: PASSWORD, credits: 0 })).id, email };
  server = await startServer(process.env.DATABASE_URL!, {
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: `http://127.0.0.1:${port}`,
    PERCH_CREDIT_PACKS: '10000:1000,50000:4500',
  });
}, 10 * 60_000);

afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => fakeStripe?.close(resolve));
});

describe('checkout', () => {
  it('creates a Stripe Checkout session for a pack, with the account and credits in its metadata', async () => {
    const cookie = await signIn(server.url, user.email, PASSWORD);
    const answer = await fetch(`${server.url}/api/dashboard/billing/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: server.url },
      body: JSON.stringify({ pack: 'pack_50000' }),
    });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { url: string }).url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const sent = stripeRequests.at(-1)!;
    expect(sent.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(Object.fromEntries(sent.form)).toMatchObject({
      mode: 'payment',
      client_reference_id: user.id,
      'metadata[perch_user_id]': user.id,
      'metadata[perch_credits]': '50000',
      'line_items[0][price_data][unit_amount]': '4500',
      'line_items[0][price_data][currency]': 'usd',
      success_url: `${server.url}/dashboard/billing?checkout=success`,
    });
  });

  it('refuses an unknown pack, a signed-out caller and a cross-site request', async () => {
    const cookie = await signIn(server.url, user.email, PASSWORD);
    const post = (body: unknown, headers: Record<string, string>) =>
      fetch(`${server.url}/api/dashboard/billing/checkout`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const before = stripeRequests.length;
    expect((await post({ pack: 'pack_1' }, { cookie, origin: server.url })).status).toBe(400);
    expect((await post({ pack: 'pack_10000' }, {})).status).toBe(401);
    expect((await post({ pack: 'pack_10000' }, { cookie, origin: 'https://evil.example' })).status).toBe(403);
    expect(stripeRequests.length).toBe(before);
  });
});

describe('webhook', () => {
  const metadata = () => ({ perch_user_id: user.id, perch_credits: '10000' });

  it('grants a paid checkout once, however often and in whichever events Stripe delivers it', async () => {
    const before = await getBalance(user.id);
    const paid = checkoutEvent('checkout.session.completed', { id: 'cs_test_paid', payment_status: 'paid', metadata: metadata() }, 'evt_paid_1');
    const first = await deliver(paid);
    expect(first).toEqual({ status: 200, body: { received: true, result: 'granted' } });
    expect(await getBalance(user.id)).toBe(before + 10_000);
    // Stripe redelivers an event until it sees a 2xx, and several at once.
    const again = await Promise.all([deliver(paid), deliver(paid), deliver(paid)]);
    expect(again.map((answer) => answer.body.result)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    // A second event about the same payment.
    const sameSession = checkoutEvent('checkout.session.async_payment_succeeded', { id: 'cs_test_paid', payment_status: 'paid', metadata: metadata() }, 'evt_paid_2');
    expect((await deliver(sameSession)).body.result).toBe('duplicate');
    expect(await getBalance(user.id)).toBe(before + 10_000);
    const { rows } = await getPool().query('SELECT amount::int, reason FROM credit_grants WHERE user_id = $1 AND reason LIKE $2', [user.id, 'Stripe payment %']);
    expect(rows).toEqual([{ amount: 10_000, reason: 'Stripe payment cs_test_paid' }]);
    expect((await checkLedger(user.id)).ok).toBe(true);
  });

  it('grants a delayed payment when it succeeds, not when the checkout completes unpaid', async () => {
    const before = await getBalance(user.id);
    const session = { id: 'cs_test_delayed', metadata: metadata() };
    expect((await deliver(checkoutEvent('checkout.session.completed', { ...session, payment_status: 'unpaid' }, 'evt_delayed_1'))).body.result).toBe('unpaid');
    expect(await getBalance(user.id)).toBe(before);
    expect((await deliver(checkoutEvent('checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid' }, 'evt_delayed_2'))).body.result).toBe('granted');
    expect(await getBalance(user.id)).toBe(before + 10_000);
  });

  it('refuses a wrong, missing or stale signature and grants nothing', async () => {
    const before = await getBalance(user.id);
    const payload = checkoutEvent('checkout.session.completed', { id: 'cs_test_forged', payment_status: 'paid', metadata: metadata() }, 'evt_forged');
    const forged = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    expect((await deliver(payload, forged)).status).toBe(400);
    const stale = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await deliver(payload, stale)).status).toBe(400);
    const tampered = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect((await deliver(payload.replace('10000', '99999'), tampered)).status).toBe(400);
    const unsigned = await fetch(`${server.url}/api/stripe/webhook`, { method: 'POST', body: payload });
    expect(unsigned.status).toBe(400);
    expect(await getBalance(user.id)).toBe(before);
  });

  it('acknowledges events it has nothing to do with', async () => {
    const payload = JSON.stringify({ id: 'evt_other', object: 'event', type: 'customer.created', data: { object: { object: 'customer' } } });
    expect(await deliver(payload)).toEqual({ status: 200, body: { received: true, result: 'ignored' } });
  });
});

describe('settings', () => {
  it('are both keys or neither, and packs are credits:cents', () => {
    expect(readStripeConfig({})).toBeNull();
    expect(() => readStripeConfig({ STRIPE_SECRET_KEY: SECRET_KEY })).toThrow(StripeConfigError);
    expect(() => readStripeConfig({ STRIPE_SECRET_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET })).toThrow(/secret or restricted key/);
    expect(readStripeConfig({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET })?.packs.map((pack) => pack.credits)).toEqual([10_000, 50_000, 200_000]);
    expect(parseCreditPacks('500:99')).toEqual([{ id: 'pack_500', credits: 500, amount: 99 }]);
    expect(() => parseCreditPacks('500:10')).toThrow(/50 cents/);
    expect(() => parseCreditPacks('1:100,1:200')).toThrow(/twice/);
  });
});
