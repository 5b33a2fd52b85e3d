import { placeHold, releaseHold, settleHold } from '@/lib/credits';
import type { PlaceHoldResult, UsageRecord } from '@/lib/credits/types';
import { inTransaction } from '@/lib/db/transaction';
import { exportFileName, type ExportStorage } from '@/lib/exports/export-storage';
import { queueExportEnd } from '@/lib/exports/export-events';
import {
  keyIsLive, claimExport, commitPage, endExport, ExportClaimLost, lockClaim, pauseExport, releaseClaim, type ExportClaim, type ExportEnd } from '@/lib/exports/export-runs';
import { readExport, type ExportRow } from '@/lib/exports/export-store';
import { recordWriter } from '@/lib/exports/formats/record-writer';
import type { ServedPlatforms } from '@/lib/platform/served-platforms';
import type { Caller, Operation } from '../define-operation';
import type { ApiError } from '../errors';
import { newRequestId } from '../request-id';
import { toApiError } from '../to-api-error';
import { exportableOperation, recordKindOf } from './exportable-operations';
import { readExportPage } from './read-export-page';

export type ExportRunOptions = {
  /** Who runs it (instance and worker), stored with the claim. */
  owner: string;
  /** How long a claim lasts without a committed page; a dead runner's export is taken over after it. */
  leaseMs: number;
  /** How long one run pages before it gives the worker to the next export in line. */
  sliceMs: number;
  /** How long a run of transient upstream errors may last before the export fails. */
  failAfterMs: number;
  /** A timeout for one page's read, as PERCH_OPERATION_TIMEOUT_MS is for a call. */
  pageTimeoutMs: number;
  storage: ExportStorage;
  served: ServedPlatforms;
  /** True once the instance is stopping: the slice ends after the page in flight, and another instance goes on at once. */
  stopping?: () => boolean;
  /** Asks for the export to be run again (the next slice, or when a wait ends). */
  requeue: (id: string, runAt?: Date) => Promise<void>;
};

/** How a run ended: the export finished or paused, the slice was used up, or the export was not this runner's to run. */
export type ExportRunOutcome = 'ended' | 'paused' | 'yielded' | 'not_claimed' | 'lost';

// Errors that pass: the upstream is down or slow (a page's timeout), the database blinked. A bug
// (internal_error) or a refusal (not_found, invalid_request, forbidden) fails the export at once.
const TRANSIENT = new Set(['unavailable']);

/**
 * Runs one slice of an export: claims it, cuts its file back to the last committed page, then
 * pages through the operation. Each page is held, read, written to the file and committed
 * (charge, usage, position, counts, file length in one transaction), so a crash anywhere
 * repeats at most the page in flight, which nobody was charged for and the file no longer holds.
 */
export async function runExportSlice(id: string, options: ExportRunOptions): Promise<ExportRunOutcome> {
  const claimed = await claimExport(id, options.owner, options.leaseMs);
  if (!claimed) return 'not_claimed';
  const { claim, row } = claimed;
  try {
    return await runClaimed(claim, row, options);
  } catch (error) {
    if (error instanceof ExportClaimLost) {
      // Deleted while it ran: the page this runner wrote must not outlive the record.
      if (!(await readExport(id))) await options.storage.remove(exportFileName(row.id, row.format));
      return 'lost';
    }
    // Anything else (the database went away): the claim lapses and the sweeper hands the export on.
    await releaseClaim(claim).catch(() => undefined);
    throw error;
  }
}

async function runClaimed(claim: ExportClaim, row: ExportRow, options: ExportRunOptions): Promise<ExportRunOutcome> {
  const operation = exportableOperation(row.operation);
  const platform = options.served.byName.get(row.platform as never);
  if (!operation) return end(claim, { status: 'failed', code: 'invalid_request', message: `${row.operation} can no longer be exported` });
  if (!platform) return end(claim, { status: 'failed', code: 'unavailable', message: `this deployment no longer serves ${row.platform}` });
  // Revoking a key stops what it started (a leaked key's exports too); an export made on the dashboard has no key.
  if (row.key_id !== null && !(await keyIsLive(row.key_id))) {
    return end(claim, { status: 'failed', code: 'unauthorized', message: 'the key that started this export was revoked or expired: start it again with a live key' });
  }

  const file = exportFileName(row.id, row.format);
  let bytes = Number(row.file_bytes);
  const size = await options.storage.size(file);
  if (bytes > 0 && (size === null || size < bytes)) {
    return end(claim, { status: 'failed', code: 'file_lost', message: `the export's file lost committed data (${size ?? 'missing'} of ${bytes} bytes): start a new export` });
  }
  // Whatever a runner wrote past the last commit is a page nobody paid for: gone.
  await inTransaction(async (client) => {
    await lockClaim(client, claim);
    await options.storage.truncate(file, bytes);
  });

  const writer = recordWriter(row.format, recordKindOf(operation));
  const price = Number(row.unit_price);
  const caller: Caller = { userId: row.user_id, keyId: row.key_id, scopes: ['read'], source: 'export' };
  const served = servedNames(options.served);
  let items = Number(row.items);
  let credits = Number(row.credits_charged);
  let position: unknown = row.position ?? null;
  const deadline = Date.now() + options.sliceMs;

  for (;;) {
    if (Date.now() >= deadline || options.stopping?.()) {
      await releaseClaim(claim);
      await options.requeue(claim.id);
      return 'yielded';
    }
    const room = pageRoom(operation, row, items, credits);
    if (room.count === 0) return end(claim, { status: 'completed', reason: room.stop! });

    const requestId = newRequestId();
    const held = await holdPage({ userId: row.user_id, keyId: row.key_id, requestId, count: room.count, price });
    if (!held.ok) {
      await pauseExport(claim, held.reason, held.resumeAt);
      return 'paused';
    }

    const started = performance.now();
    let page;
    try {
      page = await readExportPage({ operation, inputs: row.params, platform, served, caller, requestId, limit: held.count, after: position, timeoutMs: options.pageTimeoutMs });
    } catch (error) {
      const apiError = toApiError(error, requestId);
      await releaseHold({ holdId: held.holdId, usage: usageOf(operation, row, apiError.status, 0, started, apiError) });
      return afterReadError(claim, row, apiError, options);
    }

    const text = (bytes === 0 ? writer.header() : '') + writer.page(page.records);
    const data = Buffer.from(text, 'utf8');
    const n = page.records.length;
    const charge = n * price;
    try {
      await inTransaction(async (client) => {
        // Written under the claim's lock: a runner whose claim was taken over meanwhile writes nothing.
        await lockClaim(client, claim);
        await options.storage.writeAt(file, bytes, data);
        await settleHold({ holdId: held.holdId, charge, usage: usageOf(operation, row, 200, n, started) }, client);
        await commitPage(client, claim, { position: page.next, items: n, credits: charge, bytes: data.length, leaseMs: options.leaseMs });
      });
    } catch (error) {
      // Rolled back: the page is neither charged nor counted, and the next runner cuts it off the file.
      if (error instanceof ExportClaimLost) await releaseHold({ holdId: held.holdId, usage: usageOf(operation, row, 409, 0, started) }).catch(() => undefined);
      throw error;
    }
    bytes += data.length;
    items += n;
    credits += charge;
    position = page.next;
    if (page.next === null || page.next === undefined) return end(claim, { status: 'completed', reason: 'exhausted' });
  }
}

/** How many items the next page may ask for: the operation's largest page, cut by max_items and max_credits; 0 with the reason when none. */
function pageRoom(operation: Operation, row: ExportRow, items: number, credits: number): { count: number; stop?: 'max_items' | 'max_credits' } {
  let count = operation.paging?.maxCount ?? 1000;
  if (row.max_items !== null) {
    count = Math.min(count, Number(row.max_items) - items);
    if (count <= 0) return { count: 0, stop: 'max_items' };
  }
  const price = Number(row.unit_price);
  if (row.max_credits !== null && price > 0) {
    count = Math.min(count, Math.floor((Number(row.max_credits) - credits) / price));
    if (count <= 0) return { count: 0, stop: 'max_credits' };
  }
  return { count };
}

type PageHold = { ok: true; holdId: string; count: number } | { ok: false; reason: 'insufficient_credits' | 'key_limit_reached' | 'key_budget_reached' | 'workspace_budget_reached'; resumeAt: Date | null };

/**
 * Holds the price of a page. When the balance, the key's limit or a budget cannot pay for all of
 * it, the page shrinks to what they can pay for, so an export spends them to the last item; when
 * not even one item can be paid for, the export pauses (until credits come, or a budget resets).
 */
async function holdPage(input: { userId: string; keyId: string | null; requestId: string; count: number; price: number }): Promise<PageHold> {
  let count = input.count;
  let refused: PageHold = { ok: false, reason: 'insufficient_credits', resumeAt: null };
  // Each retry asks for less; balance, limit and budgets may each cut the page once.
  for (let attempt = 0; attempt < 4; attempt++) {
    const hold: PlaceHoldResult = await placeHold({ userId: input.userId, keyId: input.keyId, requestId: input.requestId, amount: count * input.price });
    if (hold.ok) return { ok: true, holdId: hold.holdId, count };
    let affordable: number;
    let resumeAt: Date | null = null;
    if (hold.reason === 'insufficient_credits') affordable = Math.floor(hold.balance / input.price);
    else if (hold.reason === 'key_limit_reached') affordable = Math.floor((hold.creditLimit - hold.creditsSpent - hold.creditsHeld) / input.price);
    else {
      // A daily or monthly budget: what is left of it this period, then a pause until it resets.
      affordable = Math.floor((hold.budget - hold.spent - hold.held) / input.price);
      resumeAt = hold.resetsAt;
    }
    refused = { ok: false, reason: hold.reason, resumeAt };
    if (affordable <= 0 || affordable >= count) return refused;
    count = affordable;
  }
  return refused;
}

/** After a failed read: wait for an upstream's reset, back off from a transient failure (for up to an hour), or fail. */
async function afterReadError(claim: ExportClaim, row: ExportRow, error: ApiError, options: ExportRunOptions): Promise<ExportRunOutcome> {
  if (error.code === 'rate_limited') {
    const seconds = Number((error.details as { retry_after?: number } | undefined)?.retry_after ?? 60);
    const resumeAt = new Date(Date.now() + Math.max(1, seconds) * 1000);
    await pauseExport(claim, 'rate_limited', resumeAt);
    await options.requeue(claim.id, resumeAt);
    return 'paused';
  }
  if (TRANSIENT.has(error.code)) {
    const failingFor = row.failing_since ? Date.now() - row.failing_since.getTime() : 0;
    if (failingFor >= options.failAfterMs) return end(claim, { status: 'failed', code: error.code, message: `the source kept failing for ${Math.round(failingFor / 60_000)} minutes: ${error.message}` });
    // 5 s, doubling, at most 5 minutes between tries.
    const delayMs = Math.min(300_000, 5_000 * 2 ** Math.min(6, Math.floor(failingFor / 30_000)));
    const resumeAt = new Date(Date.now() + delayMs);
    await pauseExport(claim, 'upstream_unavailable', resumeAt, true);
    await options.requeue(claim.id, resumeAt);
    return 'paused';
  }
  return end(claim, { status: 'failed', code: error.code, message: error.message });
}

async function end(claim: ExportClaim, how: ExportEnd): Promise<ExportRunOutcome> {
  await inTransaction(async (client) => queueExportEnd(client, await endExport(client, claim, how)));
  return 'ended';
}

function usageOf(operation: Operation, row: ExportRow, status: number, items: number, started: number, error?: ApiError): UsageRecord {
  return {
    operation: operation.id,
    tag: operation.tag,
    source: 'export',
    params: { export_id: row.id, ...row.params.path, ...row.params.values },
    status,
    items,
    latencyMs: Math.round(performance.now() - started),
    errorCode: error?.code,
    errorMessage: error?.message,
  };
}

function servedNames(served: ServedPlatforms) {
  return { default: served.defaultPlatform.name, available: [...served.byName.keys()] };
}

