import { z } from 'zod';
import { PLATFORM_NAMES } from '@/lib/platform/platform';
import { exportRecord } from '@/lib/exports/export-record';
import { cancelExport, deleteExportRow, EXPORT_PAUSE_REASONS, EXPORT_STATUSES, EXPORT_STOP_REASONS, findExport, insertExport, listExports } from '@/lib/exports/export-store';
import { exportFileName } from '@/lib/exports/export-storage';
import { exportStorage } from '@/lib/exports/storage-instance';
import { getPriceBook } from '@/lib/prices/price-book-sync';
import { COSTS, defineOperation, type HandlerContext } from '../define-operation';
import { ApiError } from '../errors';
import { integerField, pageFields, perchIdField } from '../inputs';
import { EXPORTABLE_OPERATIONS } from '../exports/exportable-operations';
import { parseExportInputs } from '../exports/export-inputs';
import { estimateExport } from '../exports/estimate-export';
import { exportBodyBranches } from '../exports/export-body-schema';
import { queueExportJob } from '../exports/export-jobs';

export const EXPORTS_NOTE =
  'An export pages through one read operation to its end as a job (on any of the deployment’s servers) and writes every record to a file: JSONL (one /v2 record per line) or CSV (docs/exports-csv.md). Each record is charged the operation’s price per item for the workspace on the serving platform (its list price, or the workspace’s own terms; GET /v2/openapi.json gives the list prices), fixed when the export is made (unit_price), as its page is written; a price’s per-call minimum does not apply to an export’s pages; a page is written and charged exactly once, even when a server dies mid-export. max_items and max_credits end it early, as completed. When the balance (or the key’s spending limit) cannot pay for another item, the export pauses (paused_reason insufficient_credits) and goes on by itself after a grant or top-up; a budget pauses it until the budget resets; an upstream’s rate limit pauses it until its reset (rate_limited); upstream failures are retried for an hour before it fails. Creating, estimating, listing, downloading and following exports is free. Exports belong to the workspace; finished ones are kept PERCH_EXPORT_RETENTION_DAYS (7) days.';

export const ExportEstimateSchema = z
  .object({
    items: z.number().int().nullable().describe('About how many records the export would return; null when the source does not tell its total (a search)'),
    credits: z.number().int().nullable().describe('What those records would cost; null with items'),
    basis: z.string().nullable().describe('Where the total comes from, such as "the profile\'s followers_count"'),
    at_most: z.object({ items: z.number().int(), credits: z.number().int() }).nullable().describe('The bound max_items / max_credits set, whatever the source holds; null without them'),
  })
  .meta({ id: 'ExportEstimate' });

export const ExportJobSchema = z
  .object({
    id: z.string(),
    status: z.enum(EXPORT_STATUSES),
    operation: z.enum(EXPORTABLE_OPERATIONS),
    platform: z.enum(PLATFORM_NAMES).describe('The platform that served the request creating it (Perch-Platform or the default)'),
    params: z.record(z.string(), z.unknown()).describe('The operation’s inputs as validated, defaults applied'),
    format: z.enum(['jsonl', 'csv']),
    items: z.number().int().describe('Records written (and charged) so far'),
    credits_charged: z.number().int(),
    estimate: z.object({ items: z.number().int(), credits: z.number().int() }).nullable().describe('The estimate when the export was made; null when the source does not tell its total'),
    max_items: z.number().int().nullable(),
    max_credits: z.number().int().nullable(),
    unit_price: z.number().int().describe('Credits per record, fixed when the export was made'),
    paused_reason: z.enum(EXPORT_PAUSE_REASONS).nullable(),
    resume_at: z.string().nullable().describe('When a paused export goes on by itself (a budget’s or an upstream’s reset); null when it waits for credits'),
    stop_reason: z.enum(EXPORT_STOP_REASONS).nullable().describe('Why a completed export ended: exhausted (everything there was), max_items or max_credits'),
    size_bytes: z.number().int().describe('Bytes of the file written so far'),
    created_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    expires_at: z.string().nullable().describe('When a finished export’s file and record are deleted'),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
  })
  .meta({ id: 'ExportJob' });

const exportBody = z.object({
  operation: z
    .enum(EXPORTABLE_OPERATIONS, { error: `must be one of the paged read operations: ${EXPORTABLE_OPERATIONS.join(', ')}` })
    .describe('The paged read operation to run to its end'),
  params: z
    .record(z.string(), z.unknown())
    .default({})
    .describe('The operation’s path parameters and query (or body) fields in one object, e.g. {"username": "alice"} or {"query": "perch lang:en"}; not count, cursor or max_credits'),
  format: z.enum(['jsonl', 'csv']).default('jsonl'),
  max_items: integerField(1, Number.MAX_SAFE_INTEGER).optional().describe('Stop after this many records'),
  max_credits: integerField(1, Number.MAX_SAFE_INTEGER).optional().describe('Stop before spending more than this; at least the price of one record'),
  // Which params each operation takes, and the least max_credits it allows, said per operation.
}).meta({ oneOf: exportBodyBranches() });

type Body = z.output<typeof exportBody>;
type Context = HandlerContext<unknown, unknown, Body>;

/**
 * The operation, inputs, unit price and estimate an export request describes, validated on the
 * serving platform. The unit price is what this workspace pays per record on that platform now
 * (the price book, loaded before any call runs: its own terms applied), fixed for the export's life.
 */
async function planExport(ctx: Context) {
  const { operation, inputs } = parseExportInputs(ctx.body.operation, ctx.body.params, ctx.platform);
  const unitPrice = getPriceBook().priceOf(operation, ctx.platform.name, ctx.caller.userId).credits;
  const limits = { unitPrice, maxItems: ctx.body.max_items ?? null, maxCredits: ctx.body.max_credits ?? null };
  if (limits.maxCredits !== null && limits.maxCredits < unitPrice) {
    throw new ApiError('invalid_request', `max_credits ${limits.maxCredits} is below the ${unitPrice} credits one record costs`, [{ path: 'max_credits', message: `must be at least ${unitPrice}` }]);
  }
  const estimate = await estimateExport(operation, inputs, ctx.platform, limits);
  return { operation, inputs, unitPrice, limits, estimate };
}

const exportParams = z.object({ exportId: perchIdField });

function found<T>(value: T | null, id: string): T {
  if (value === null) throw new ApiError('not_found', `no export ${id} in this workspace`);
  return value;
}

export const estimateExportOperation = defineOperation({
  id: 'estimateExport',
  tag: 'Exports',
  method: 'POST',
  path: '/v2/exports/estimate',
  summary: 'Estimate what an export would return and cost (free)',
  description: `Takes the body of POST /v2/exports. Where the source tells its total (a user’s followers_count, a tweet’s like_count, a community’s member_count) items is about that many, capped by max_items and max_credits; a search cannot tell, so items and credits are null and at_most gives the cap. ${EXPORTS_NOTE}`,
  scope: 'read',
  cost: COSTS.free,
  body: exportBody,
  response: ExportEstimateSchema,
  handler: async (ctx) => {
    const plan = await planExport(ctx);
    return { data: plan.estimate };
  },
});

export const createExport = defineOperation({
  id: 'createExport',
  tag: 'Exports',
  method: 'POST',
  path: '/v2/exports',
  summary: 'Start an export: every record of a paged read operation, to a file',
  description: `Answers at once with the queued job; follow it with GET /v2/exports/{exportId} or its event stream, then download the file. ${EXPORTS_NOTE}`,
  scope: 'read',
  cost: COSTS.free,
  body: exportBody,
  response: ExportJobSchema,
  handler: async (ctx) => {
    const plan = await planExport(ctx);
    const row = await insertExport({
      userId: ctx.caller.userId,
      keyId: ctx.caller.keyId,
      createdBy: ctx.caller.person?.id ?? null,
      operation: plan.operation.id,
      platform: ctx.platform.name,
      params: plan.inputs,
      format: ctx.body.format,
      maxItems: plan.limits.maxItems,
      maxCredits: plan.limits.maxCredits,
      unitPrice: plan.unitPrice,
      estimate: plan.estimate.items === null ? null : { items: plan.estimate.items, credits: plan.estimate.credits ?? 0 },
    });
    // Queued now; were this to fail, the export sweeper queues it within seconds.
    await queueExportJob(row.id).catch(() => undefined);
    return { data: exportRecord(row) };
  },
});

export const listExportsOperation = defineOperation({
  id: 'listExports',
  tag: 'Exports',
  method: 'GET',
  path: '/v2/exports',
  summary: 'List the workspace’s exports, newest first',
  scope: 'read',
  cost: COSTS.free,
  query: z.object({ ...pageFields(100), status: z.enum(EXPORT_STATUSES).optional() }),
  response: z.array(ExportJobSchema),
  handler: async ({ query, caller, after }) => {
    const count = query.count ?? 20;
    const rows = await listExports(caller.userId, { limit: count + 1, before: (after as { id?: string } | null)?.id ?? null, status: query.status ?? null });
    const page = rows.slice(0, count);
    return { data: page.map(exportRecord), next: rows.length > count ? { id: page[page.length - 1].id } : undefined };
  },
});

export const getExport = defineOperation({
  id: 'getExport',
  tag: 'Exports',
  method: 'GET',
  path: '/v2/exports/{exportId}',
  summary: 'One export: status, progress, charge',
  scope: 'read',
  cost: COSTS.free,
  params: exportParams,
  response: ExportJobSchema,
  handler: async ({ params, caller }) => ({ data: exportRecord(found(await findExport(caller.userId, params.exportId), params.exportId)) }),
});

export const cancelExportOperation = defineOperation({
  id: 'cancelExport',
  tag: 'Exports',
  method: 'POST',
  path: '/v2/exports/{exportId}/cancel',
  summary: 'Cancel an unfinished export (its file keeps what was written)',
  description: 'The page in flight, if any, is not written or charged. A finished export is answered as it is.',
  scope: 'read',
  cost: COSTS.free,
  params: exportParams,
  response: ExportJobSchema,
  handler: async ({ params, caller }) => ({ data: exportRecord(found(await cancelExport(caller.userId, params.exportId), params.exportId)) }),
});

export const deleteExport = defineOperation({
  id: 'deleteExport',
  tag: 'Exports',
  method: 'DELETE',
  path: '/v2/exports/{exportId}',
  summary: 'Delete an export: its file and its record (an unfinished one stops)',
  scope: 'read',
  cost: COSTS.free,
  params: exportParams,
  response: z.object({ id: z.string(), deleted: z.literal(true) }),
  handler: async ({ params, caller }) => {
    const row = found(await deleteExportRow(caller.userId, params.exportId), params.exportId);
    await exportStorage().remove(exportFileName(row.id, row.format));
    return { data: { id: row.id, deleted: true as const } };
  },
});

/** Every export operation, for the registry. */
export const EXPORT_OPERATIONS = [createExport, estimateExportOperation, listExportsOperation, getExport, cancelExportOperation, deleteExport];

