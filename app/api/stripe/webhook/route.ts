import { handleStripeEvent } from '@/lib/billing/handle-stripe-event';
import { readStripeConfig } from '@/lib/billing/stripe-config';

export const dynamic = 'force-dynamic';

/**
 * Stripe's webhook endpoint: register `<public URL>/api/stripe/webhook` for
 * checkout.session.completed and checkout.session.async_payment_succeeded. Every delivery's
 * signature is checked against STRIPE_WEBHOOK_SECRET; a paid checkout grants its credits once.
 */
export async function POST(request: Request): Promise<Response> {
  const config = readStripeConfig();
  if (!config) return Response.json({ error: 'Stripe is not configured on this deployment' }, { status: 404 });
  // The raw text: the signature covers the exact bytes Stripe sent.
  const outcome = await handleStripeEvent(config, await request.text(), request.headers.get('stripe-signature'));
  if (outcome.status === 400) return Response.json({ error: outcome.message }, { status: 400 });
  return Response.json({ received: true, result: outcome.result }, { status: 200 });
}
