/** The JSON body of a delivery: the same bytes on every attempt, so receivers can de-duplicate by `id`. */
export type WebhookEvent = {
  /** The delivery id (also in the Perch-Delivery-Id header): the same on every retry and replay. */
  id: string;
  event: WebhookEventName;
  created_at: string;
  match: { id: string; rule: { id: string; tag: string }; matched_at: string } | null;
  tweet: unknown;
  /** Only on events that are not rule matches: account.balance_low sends {balance, threshold}. */
  data?: unknown;
};

/** rule.match (charged on delivery), test, and account.balance_low (free: once per fall below the alert threshold). */
export const WEBHOOK_EVENTS = ['rule.match', 'test', 'account.balance_low'] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];

export function webhookBody(event: WebhookEvent): string {
  return JSON.stringify(event);
}
