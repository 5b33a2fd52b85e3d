import type { BudgetThresholdData, EventDataOf, ExportEventData, MonitorEventType } from './event-types';
import type { Tweet } from './generated/api-types';

type RuleOfMatch = { id: string; rule: { id: string; tag: string }; matched_at: string };

/**
 * The JSON body of a webhook delivery (verify its signature with verifyWebhookSignature
 * first). `id` is the same on every retry and replay: de-duplicate by it. Discriminated by
 * `event`; events other than rule.match and test carry their payload in `data` (typed as in
 * PerchEvent), a monitor's events also `match` (the event id, its rule and time).
 */
export type WebhookEvent =
  | { id: string; event: 'rule.match'; created_at: string; match: RuleOfMatch; tweet: Tweet }
  | { id: string; event: 'test'; created_at: string; match: null; tweet: null }
  /** Sent once, free, when the balance falls below the low-balance threshold; again only after it was back at or above it. */
  | { id: string; event: 'account.balance_low'; created_at: string; match: null; tweet: null; data: { balance: number; threshold: number } }
  | { id: string; event: 'budget.threshold'; created_at: string; match: null; tweet: null; data: BudgetThresholdData }
  | { id: string; event: 'export.completed' | 'export.failed'; created_at: string; match: null; tweet: null; data: ExportEventData }
  | { [E in MonitorEventType]: { id: string; event: E; created_at: string; match: RuleOfMatch; tweet: null; data: EventDataOf[E] } }[MonitorEventType];
