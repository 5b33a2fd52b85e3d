import type { Tweet } from './generated/api-types';

/**
 * The JSON body of a webhook delivery (verify its signature with verifyWebhookSignature
 * first). `id` is the same on every retry and replay: de-duplicate by it.
 */
export type WebhookEvent =
  | { id: string; event: 'rule.match'; created_at: string; match: { id: string; rule: { id: string; tag: string }; matched_at: string }; tweet: Tweet }
  | { id: string; event: 'test'; created_at: string; match: null; tweet: null }
  /** Sent once, free, when the balance falls below the low-balance threshold; again only after it was back at or above it. */
  | { id: string; event: 'account.balance_low'; created_at: string; match: null; tweet: null; data: { balance: number; threshold: number } };
