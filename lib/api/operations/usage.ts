import { z } from 'zod';
import type { UsageSource } from '@/lib/credits/types';
import { writeAnsweredUsage } from '@/lib/metering/write-answered-usage';
import { readDailyUsage, type DailyUsageRow } from '@/lib/usage/daily-usage';
import { readRequestLogWithParams, type RequestLogCursor } from '@/lib/usage/request-log-query';
import { daysBetween, groupUsage, totalUsage, type UsageFigures } from '@/lib/usage/usage-summary';
import { COSTS, defineOperation } from '../define-operation';
import { ApiError } from '../errors';
import { integerField } from '../inputs';

// The workspace's usage through the API (issue 31 item 3): the same rollups the dashboard's
// Usage page adds up (lib/usage/daily-usage.ts) and the same request log its Requests page
// pages through (lib/usage/request-log-query.ts). Both are free. Usage is written behind
// (lib/metering): what this server has answered is written first, as the dashboard does, so a
// call made a moment ago is counted.

export const USAGE_GROUPS = ['day', 'operation', 'key', 'platform'] as const;
type GroupBy = (typeof USAGE_GROUPS)[number];

/** The longest span GET /v2/usage adds up, in days: a year, leap day included. */
export const MAX_USAGE_DAYS = 366;
const DEFAULT_USAGE_DAYS = 30;
const DAY_MS = 86_400_000;

/** Every source a call is stored with (lib/credits/types.ts); the check below fails to compile when one is added there only. */
const SOURCES = ['api', 'mcp', 'playground', 'explorer', 'rules', 'dashboard', 'export'] as const satisfies readonly UsageSource[];
type Missing = Exclude<UsageSource, (typeof SOURCES)[number]>;
const everySource: [Missing] extends [never] ? true : Missing = true;
void everySource;

const USAGE_NOTE =
  'Days are UTC calendar days: a call is counted under the UTC day it was answered, as on the dashboard’s Usage page, whose figures these are (the daily rollup, kept for good; the request log keeps events PERCH_REQUEST_LOG_DAYS days). Errors leave out the 400s of POST /v2/rules/validate, which are its answers. Calls this server answered are counted at once; another server’s calls within its write-behind interval (PERCH_USAGE_FLUSH_MS).';

// A calendar day (the document says `format: date` and its pattern); the years before 1970
// hold no usage and PostgreSQL has no year 0, so they are refused rather than read.
const dayField = z.iso.date({ error: 'must be a calendar day, YYYY-MM-DD' }).refine((day) => day >= '1970-01-01', 'must be 1970-01-01 or later');

const figureFields = {
  calls: z.number().int().describe('Calls answered, refusals included'),
  items: z.number().int().describe('Items returned (what per-item prices charge for)'),
  credits: z.number().int().describe('Credits charged'),
  errors: z.number().int().describe('Calls answered with an error (4xx or 5xx), as the Usage page counts them'),
  avg_latency_ms: z.number().int().nullable().describe('Mean server-side latency of the calls; null without calls'),
};

const UsageFiguresSchema = z.object(figureFields).meta({ id: 'UsageFigures' });

const UsageGroupSchema = z
  .object({
    day: dayField.optional().describe('group_by=day: the UTC day'),
    operation: z.string().optional().describe('group_by=operation: the operationId (or deliverMatch, a rule match delivered; unmatchedRoute, a path no operation serves)'),
    tag: z.string().optional().describe('group_by=operation: the operation’s tag'),
    key_id: z.string().nullable().optional().describe('group_by=key: the key’s id; null for calls made from the dashboard without a key'),
    key_name: z.string().nullable().optional().describe('group_by=key: the key’s name; null for calls without a key and for deleted keys'),
    platform: z.string().optional().describe('group_by=platform: the platform that served the calls (unknown for calls recorded before platforms were)'),
    ...figureFields,
  })
  .meta({ id: 'UsageGroup' });

const UsageEventSchema = z
  .object({
    request_id: z.string(),
    created_at: z.string().describe('When the call was answered (ISO 8601, UTC)'),
    operation: z.string(),
    platform: z.string().describe('The platform that served the call (unknown for calls recorded before platforms were)'),
    status: z.number().int().describe('The HTTP status it was answered with'),
    items: z.number().int(),
    credits: z.number().int().describe('Credits charged'),
    latency_ms: z.number().int(),
    source: z.enum(SOURCES).describe('api: a call with a key; otherwise the dashboard page that made it, or an export'),
    key_id: z.string().nullable().describe('null for calls made from the dashboard without a key'),
    key_name: z.string().nullable(),
    error_code: z.string().nullable(),
    error_message: z.string().nullable(),
    params: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe('What the call was sent: path, query and body as sent; never the key, an Idempotency-Key only as "present", fields named like secrets redacted'),
  })
  .meta({ id: 'UsageEvent' });

/** Today's UTC day. */
function today(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The span asked for, defaults applied: the last 30 days up to `to` (today by default); 400 when from > to or it is longer than a year. */
export function usageSpan(query: { from?: string; to?: string }, now: Date = new Date()): { from: string; to: string } {
  const to = query.to ?? today(now);
  const from = query.from ?? shiftDay(to, -(DEFAULT_USAGE_DAYS - 1));
  if (from > to) throw new ApiError('invalid_request', `from (${from}) must not be after to (${to})`, [{ path: 'from', message: 'must not be after to' }]);
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days > MAX_USAGE_DAYS) {
    throw new ApiError('invalid_request', `from ${from} to ${to} spans ${days} days; at most ${MAX_USAGE_DAYS}`, [{ path: 'from', message: `the span must be at most ${MAX_USAGE_DAYS} days` }]);
  }
  return { from, to };
}

const figures = (f: UsageFigures) => ({ calls: f.calls, items: f.items, credits: f.credits, errors: f.errors, avg_latency_ms: f.avgLatencyMs });

type Group = z.output<typeof UsageGroupSchema>;

const GROUP_OF: Record<Exclude<GroupBy, 'day'>, { of: (row: DailyUsageRow) => string; fields: (row: DailyUsageRow) => Partial<Group> }> = {
  operation: { of: (r) => r.operation, fields: (r) => ({ operation: r.operation, tag: r.tag }) },
  // The rollup files calls made without a key under ''.
  key: { of: (r) => r.key_id, fields: (r) => ({ key_id: r.key_id === '' ? null : r.key_id, key_name: r.key_id === '' ? null : r.key_name }) },
  platform: { of: (r) => r.platform, fields: (r) => ({ platform: r.platform }) },
};

/** The groups of `groupBy`: every day of the span (zeros included), oldest first; otherwise most credits first, then most calls. */
function groupsOf(rows: DailyUsageRow[], groupBy: GroupBy, span: { from: string; to: string }): Group[] {
  if (groupBy === 'day') {
    const byDay = new Map(groupUsage(rows, (r) => r.day).map((g) => [g.group, g.figures]));
    return daysBetween(span.from, span.to).map((day) => ({ day, ...figures(byDay.get(day) ?? { calls: 0, items: 0, credits: 0, errors: 0, avgLatencyMs: null }) }));
  }
  const { of, fields } = GROUP_OF[groupBy];
  return groupUsage(rows, of)
    .sort((a, b) => b.figures.credits - a.figures.credits || b.figures.calls - a.figures.calls || a.group.localeCompare(b.group))
    .map((g) => ({ ...fields(g.sample), ...figures(g.figures) }));
}

export const getUsage = defineOperation({
  id: 'getUsage',
  tag: 'Usage',
  method: 'GET',
  path: '/v2/usage',
  summary: 'The workspace’s usage: calls, items, credits and errors per day, operation, key or platform (free)',
  description: `Adds up the workspace’s calls from \`from\` to \`to\` (UTC days, both included; by default the last 30 days up to today; at most ${MAX_USAGE_DAYS} days), grouped by \`group_by\`: day (every day of the span, zeros included, oldest first), operation, key or platform (most credits first). ${USAGE_NOTE}`,
  scope: 'read',
  cost: COSTS.free,
  query: z.object({
    from: dayField.optional().describe('First UTC day, YYYY-MM-DD; default 29 days before `to`'),
    to: dayField.optional().describe('Last UTC day, YYYY-MM-DD, included; default today (UTC)'),
    group_by: z.enum(USAGE_GROUPS).default('day').describe('What the groups are: day, operation, key or platform'),
  }),
  response: z.object({
    from: z.string().describe('First UTC day added up'),
    to: z.string().describe('Last UTC day added up'),
    group_by: z.enum(USAGE_GROUPS),
    time_zone: z.literal('UTC').describe('Days are UTC calendar days'),
    totals: UsageFiguresSchema,
    groups: z.array(UsageGroupSchema).describe('One per group; only the field of group_by (and tag with operation) names it'),
  }),
  handler: async ({ query, caller }) => {
    const span = usageSpan(query);
    await writeAnsweredUsage();
    const rows = await readDailyUsage(caller.userId, span.from, span.to);
    return {
      data: { from: span.from, to: span.to, group_by: query.group_by, time_zone: 'UTC' as const, totals: figures(totalUsage(rows)), groups: groupsOf(rows, query.group_by, span) },
    };
  },
});

/** A signed cursor's position; the signature vouches for it, the shape check guards against an older format. */
function positionOf(after: unknown): RequestLogCursor | undefined {
  if (after === null || after === undefined) return undefined;
  const { at, id } = after as Partial<RequestLogCursor>;
  if (typeof at !== 'string' || typeof id !== 'string' || !/^\d{1,19}$/.test(id)) {
    throw new ApiError('invalid_request', 'cursor is not valid: pass meta.next_cursor back unchanged', [{ path: 'cursor', message: 'invalid cursor' }]);
  }
  return { at, id };
}

export const listUsageEvents = defineOperation({
  id: 'listUsageEvents',
  tag: 'Usage',
  method: 'GET',
  path: '/v2/usage/events',
  summary: 'The request log: the workspace’s calls one by one, newest first (free)',
  description:
    'Every call of the workspace as the dashboard’s Requests page lists it: refusals too (a 401 has no workspace to be filed under), rule matches delivered (deliverMatch) and paths no operation serves (unmatchedRoute), each with what it was sent. Newest first; pages are keyset-based, so calls recorded while you page never make a page skip or repeat one. Kept PERCH_REQUEST_LOG_DAYS (default 30) days.',
  scope: 'read',
  cost: COSTS.free,
  paging: { maxCount: 1000 },
  query: z.object({
    count: integerField(1, 1000).optional(),
    cursor: z.string().min(1).max(2048).optional(),
  }),
  response: z.array(UsageEventSchema),
  handler: async ({ query, caller, after }) => {
    await writeAnsweredUsage();
    const { requests, after: next } = await readRequestLogWithParams(caller.userId, { before: positionOf(after), limit: query.count ?? 20 });
    return {
      data: requests.map((r) => ({
        request_id: r.requestId,
        created_at: r.at,
        operation: r.operation,
        platform: r.platform,
        status: r.status,
        items: r.items,
        credits: r.credits,
        latency_ms: r.latencyMs,
        source: r.source as (typeof SOURCES)[number],
        key_id: r.keyId,
        key_name: r.keyName,
        error_code: r.errorCode,
        error_message: r.errorMessage,
        params: r.params,
      })),
      items: requests.length,
      next: next ?? undefined,
    };
  },
});

/** The usage operations, for the registry. */
export const USAGE_OPERATIONS = [getUsage, listUsageEvents];
