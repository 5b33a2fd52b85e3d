import Stripe from 'stripe';
import type { StripeConfig } from './stripe-config';

const clients = new Map<string, Stripe>();

/** The Stripe API client for these settings (one per process), with a timeout on every call. */
export function stripeClient(config: StripeConfig): Stripe {
  const cacheKey = `${config.secretKey}@${config.api ? `${config.api.protocol}://${config.api.host}:${config.api.port}` : 'stripe'}`;
  let client = clients.get(cacheKey);
  if (!client) {
    client = new Stripe(config.secretKey, { timeout: 15_000, maxNetworkRetries: 2, ...(config.api ?? {}) });
    clients.set(cacheKey, client);
  }
  return client;
}
