import { z } from 'zod';
import { TweetSchema } from '@/lib/platform/records';
import { EVENT_TYPES, type EventType } from '@/lib/delivery/event-store';
import { listEvents as readEvents } from '@/lib/delivery/list-events';
import { COSTS, defineOperation } from '../define-operation';
import { ApiError } from '../errors';
import { integerField } from '../inputs';

// GET /v2/events (issue 32): the event store read back, so a consumer that missed deliveries
// catches up in order without replays. Tag "Events": the list holds more than rule matches
// (the workspace's balance, budget and export events), so it is neither Rules nor Webhooks.

const TYPE_LIST = new RegExp(`^(${EVENT_TYPES.map((type) => type.replace('.', '\\.')).join('|')})(,(${EVENT_TYPES.map((type) => type.replace('.', '\\.')).join('|')}))*$`);

export const EventSchema = z.object({
  id: z.string().describe('The event id: ascending in the order events were stored, the stream’s id (Last-Event-ID) and the match_id of its webhook deliveries'),
  type: z.enum(EVENT_TYPES),
  created_at: z.string().describe('When the event was stored'),
  rule: z.object({ id: z.string(), tag: z.string() }).nullable().describe('The rule whose event it is; null for the workspace’s account events'),
  tweet: TweetSchema.nullable().describe('rule.match: the matched tweet, as its webhook and stream carry it; null for other types'),
  data: z.record(z.string(), z.unknown()).nullable().describe('The payload of types other than rule.match, as their webhook deliveries carry it in data; null for rule.match'),
});

export const listEvents = defineOperation({
  id: 'listEvents',
  tag: 'Events',
  method: 'GET',
  path: '/v2/events',
  summary: 'The stored events of this key and its workspace, oldest first (free)',
  description: `Every event is stored for PERCH_EVENT_RETENTION_DAYS (default 30) days, whether or not it was delivered, so a consumer that missed deliveries or a stream can catch up in order without replays. Visible to a key: the events of its own rules (rule.match, follow.added, follow.removed, profile.updated, profile.unavailable, profile.available) and its workspace’s account events (account.balance_low, budget.threshold, export.completed, export.failed), never another key’s rules’ events. Oldest first by id; pages are keyset-based (count, then meta.next_cursor as cursor; the last page has none). To catch up later, call with since = the created_at of the last event you kept and skip the ids you already have (ids are taken when an event is stored and become visible when it commits, so one may appear a moment after a higher id). type takes one event name or a comma-separated list; rule_id keeps one of the key’s rules’ events (account events have no rule, so none of them); since keeps events stored at or after that time. Listing is free and does not charge for, or mark as delivered, the events it lists: their webhook deliveries and the stream go on as before.`,
  scope: 'read',
  cost: COSTS.free,
  paging: { maxCount: 1000 },
  query: z.object({
    type: z.string().max(400).regex(TYPE_LIST, `must be one or more of ${EVENT_TYPES.join(', ')}, comma-separated`).optional().describe('One event name or a comma-separated list'),
    rule_id: z.string().regex(/^[0-9]{1,18}$/, 'must be a rule id').optional().describe('Only this rule’s events'),
    since: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 time, such as 2026-12-01T00:00:00Z' }).optional().describe('Only events stored at or after this time'),
    count: integerField(1, 1000).optional(),
    cursor: z.string().min(1).max(2048).optional(),
  }),
  response: z.array(EventSchema),
  handler: async ({ query, caller, after }) => {
    if (caller.keyId === null) throw new ApiError('invalid_request', 'events belong to an API key and its workspace: call with a key (Authorization: Bearer perch_…)');
    const count = query.count ?? 20;
    const types = query.type === undefined ? undefined : ([...new Set(query.type.split(','))] as EventType[]);
    const events = await readEvents(
      { userId: caller.userId, keyId: caller.keyId },
      { types, ruleId: query.rule_id, since: query.since === undefined ? undefined : new Date(query.since) },
      (after as { id?: string } | null)?.id ?? null,
      count + 1,
    );
    const page = events.slice(0, count);
    return { data: page, items: page.length, next: events.length > count ? { id: page[page.length - 1].id } : undefined };
  },
});
