import { perchMetrics } from './metrics';

// Webhook deliveries (lib/delivery/deliver-webhook.ts): one outcome per attempt, and the lag
// from the match (or the event's creation) to the delivery that succeeded.

export type DeliveryOutcome = 'delivered' | 'retrying' | 'failed' | 'endpoint_disabled' | 'awaiting_credits';

/** One delivery attempt's outcome; `since` (delivered only) is when its match or event happened. */
export function observeWebhookDelivery(outcome: DeliveryOutcome, since?: Date): void {
  const metrics = perchMetrics();
  if (!metrics) return;
  metrics.webhookDeliveries.labels(outcome).inc();
  if (since) metrics.deliveryLag.observe(Math.max(0, (Date.now() - since.getTime()) / 1000));
}

/** An endpoint's circuit breaker opened: its deliveries pause after failures in a row. */
export function observeCircuitOpened(): void {
  perchMetrics()?.webhookCircuitOpens.inc();
}
