/** The JSON body of a delivery: the same bytes on every attempt, so receivers can de-duplicate by `id`. */
export type WebhookEvent = {
  /** The delivery id (also in the Perch-Delivery-Id header): the same on every retry and replay. */
  id: string;
  event: WebhookEventName;
  created_at: string;
  match: { id: string; rule: { id: string; tag: string }; matched_at: string } | null;
  tweet: unknown;
  /** Only on events that are not rule matches: account.balance_low sends {balance, threshold}, budget.threshold {scope, key_id, period, percent, budget, spent, resets_at}, export.completed and export.failed {export: ExportJob}. */
  data?: unknown;
};

/**
 * rule.match (charged on delivery), test, account.balance_low (free: once per fall below the alert threshold),
 * budget.threshold (free: once per budget, period and percentage) and export.completed / export.failed (free: once per export's end).
 */
export const WEBHOOK_EVENTS = ['rule.match', 'test', 'account.balance_low', 'budget.threshold', 'export.completed', 'export.failed'] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];

export function webhookBody(event: WebhookEvent): string {
  return JSON.stringify(event);
}
