/** The JSON body of a delivery: the same bytes on every attempt, so receivers can de-duplicate by `id`. */
export type WebhookEvent = {
  /** The delivery id (also in the Perch-Delivery-Id header): the same on every retry and replay. */
  id: string;
  event: 'rule.match' | 'test';
  created_at: string;
  match: { id: string; rule: { id: string; tag: string }; matched_at: string } | null;
  tweet: unknown;
};

export function webhookBody(event: WebhookEvent): string {
  return JSON.stringify(event);
}
