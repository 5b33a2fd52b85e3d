import { componentLogger } from '@/lib/observability/logger';
import { stripeClient } from './stripe-client';
import type { StripeConfig } from './stripe-config';

const log = componentLogger('billing');

export type CheckoutResult = { ok: true; url: string } | { ok: false; status: number; message: string };

/**
 * Starts a Stripe Checkout payment for one credit pack. The session carries the account and
 * the credits in its metadata; credits are granted only when Stripe's signed webhook says
 * the payment succeeded (handle-stripe-event.ts), never on the redirect back.
 */
export async function createCheckout(config: StripeConfig, user: { id: string; email: string }, packId: unknown, origin: string): Promise<CheckoutResult> {
  const pack = config.packs.find((candidate) => candidate.id === packId);
  if (!pack) return { ok: false, status: 400, message: `choose one of the packs: ${config.packs.map((p) => p.id).join(', ')}` };
  try {
    const session = await stripeClient(config).checkout.sessions.create({
      mode: 'payment',
      client_reference_id: user.id,
      customer_email: user.email,
      line_items: [
        {
          quantity: 1,
          price_data: { currency: config.currency, unit_amount: pack.amount, product_data: { name: `${pack.credits.toLocaleString('en-US')} Perch credits` } },
        },
      ],
      metadata: { perch_user_id: user.id, perch_credits: String(pack.credits) },
      success_url: `${origin}/dashboard/billing?checkout=success`,
      cancel_url: `${origin}/dashboard/billing?checkout=cancelled`,
    });
    if (!session.url) return { ok: false, status: 502, message: 'Stripe did not return a checkout page' };
    return { ok: true, url: session.url };
  } catch (error) {
    log.error({ err: error }, `Stripe checkout failed: ${error instanceof Error ? error.message : error}`);
    return { ok: false, status: 502, message: 'the payment provider could not be reached; try again in a minute' };
  }
}
