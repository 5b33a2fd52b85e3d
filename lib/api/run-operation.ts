import { getBalance } from '@/lib/credits';
import { getMeter } from '@/lib/metering/meter';
import { getConnectedAccount } from '@/lib/connections/get-connected-account';
import { getBlueskyActor } from '@/lib/connections/bluesky-connection';
import { getXAccount } from '@/lib/connections/x-connection';
import type { Platform } from '@/lib/platform/platform';
import { UnavailableError } from '@/lib/platform/errors';
import { xPlatformSettings } from '@/lib/platform/x';
import type { ConnectedAccount } from '@/lib/connections/require-scope';
import { ALL_SCOPES } from '@/lib/oauth/scopes';
import { planCharge } from './charge';
import { chargeFor } from '@/lib/prices/price-book';
import { ensurePriceBook, getPriceBook } from '@/lib/prices/price-book-sync';
import { decodeCursor, encodeCursor, parameterFingerprint } from './cursor';
import type { Caller, Operation, ServedPlatformNames } from './define-operation';
import type { ApiRequest } from './api-request';
import { creditsRemainingOf } from './credits-remaining';
import { errorResponse, successResponse, type SuccessMeta } from './envelope';
import type { UsageRecord } from '@/lib/credits/types';
import { jsonAnswer, type ApiAnswer } from './serialized-response';
import { ApiError } from './errors';
import { claimIdempotencyKey, completeIdempotencyKey, idempotencyKeyOf, releaseIdempotencyKey, requestFingerprint } from './idempotency';
import { withUpstreamReport, type UpstreamReport } from '@/lib/platform/upstream-cache';
import { toApiError } from './to-api-error';
import { withOperationTimeout } from './operation-timeout';
import { requestParams } from '@/lib/metering/request-params';
import { inputsForSyntax } from './platform-inputs';
import { parseInput, queryObject, readJsonBody, refuseBody } from './validate';
import { budgetDetails, budgetMessage } from './budget-message';
import { keyLimitMessage } from './key-limit-message';
import { inSpan } from '@/lib/observability/spans';

export type RunInput = {
  request: ApiRequest;
  url: URL;
  operation: Operation;
  pathParams: Record<string, string>;
  caller: Caller;
  requestId: string;
  started: number;
  rateHeaders: Record<string, string>;
  platform: Platform;
  /** The platforms this deployment serves, for /v2/account. */
  served: ServedPlatformNames;
  /** Filled as the call is read, so that dispatch can record a refusal with what was sent. */
  log: RequestLog;
};

/** The query of a call without one (most calls): read only. */
const NO_QUERY: Record<string, string> = Object.freeze({}) as Record<string, string>;

/**
 * What is known of a call in flight: the parameters the request log keeps
 * (lib/metering/request-params.ts), and, once settled, what observers are told of it
 * (lib/observability/call-end.ts). Created whole by dispatch, so its shape never changes.
 */
export type RequestLog = {
  params: Record<string, unknown> | null;
  operation: string;
  caller: Caller | null;
  errorCode: string | null;
  platform: string | null;
  items: number;
  credits: number;
  upstreamRequests: number;
  upstreamCached: number;
};

/**
 * Runs one matched operation for an authenticated caller: validate → plan the charge →
 * (idempotency) → hold → handler (bounded in time) → settle → envelope. Every failure after
 * the hold releases it in full, so no error charges credits. Failures before the hold are
 * thrown; dispatch answers and records them.
 */
export async function runOperation(input: RunInput): Promise<ApiAnswer> {
  const { request, url, operation, caller, requestId, started, rateHeaders } = input;
  // The parameters as sent (the query before validation, so that a 400 shows what was wrong).
  const sent = { path: input.pathParams, query: url.search === '' ? NO_QUERY : Object.fromEntries(url.searchParams), idempotencyKey: request.headers.has('idempotency-key') };
  input.log.params = requestParams(sent);

  if (operation.scope === 'write' && !caller.scopes.includes('write')) {
    throw new ApiError('forbidden', 'this key lacks the write scope: create a key with read,write scopes');
  }
  // An operation the platform does not have is unavailable whatever was sent: refused before
  // its ids are validated in a syntax that has no such thing.
  input.log.platform = input.platform.name;
  const lacking = input.platform.lacks?.[operation.id];
  if (lacking !== undefined) throw new UnavailableError(lacking);
  // Usernames and ids are validated in the syntax of the platform that serves this request.
  const inputs = inputsForSyntax(operation, input.platform.syntax);
  const params = parseInput(inputs.params, input.pathParams, 'path');
  const query = parseInput(inputs.query, queryObject(url), 'query');
  const rawBody = operation.method === 'POST' ? await readJsonBody(request) : await refuseBody(request);
  // A body adds to what the log keeps; without one the parameters read above are complete.
  if (Object.keys(rawBody).length > 0) input.log.params = requestParams({ ...sent, body: rawBody });
  const body = parseInput(inputs.body, rawBody, 'body');
  // The caller's price on this platform, from the price book in memory (lib/prices): loaded
  // once per process (a settled promise after that), kept current by NOTIFY.
  await ensurePriceBook();
  const pricing = getPriceBook().priceOf(operation, input.platform.name, caller.userId);
  const plan = planCharge(operation, { params, query, body }, pricing);

  const values = operation.body ? body : query;
  const cursor = values.cursor as string | undefined;
  // A page after the first both checks its cursor and signs the next one: one hash for both.
  const fingerprint = cursor ? cursorFingerprint(params, values, input.platform) : null;
  const after = cursor ? decodeCursor(cursor, operation.id, fingerprint!) : null;

  const idempotencyKey = operation.scope === 'write' ? idempotencyKeyOf(request) : null;
  if (idempotencyKey) {
    const claim = await claimIdempotencyKey(caller.userId, idempotencyKey, requestFingerprint(request.method, url, rawBody));
    if (claim.kind === 'replay') return replayResponse(claim.body, claim.status, { requestId, latencyMs: msSince(started), balance: getMeter().view(caller.userId) ?? (await getBalance(caller.userId)), rateHeaders });
  }

  const meter = getMeter();
  // Metering's hold and settle, and the platform read between them, are spans of the call's trace (tracing on).
  const hold = await inSpan('perch.metering.hold', undefined, () => meter.reserve({ userId: caller.userId, keyId: caller.keyId, requestId, amount: plan.hold }));
  if (!hold.ok) {
    if (idempotencyKey) await releaseIdempotencyKey(caller.userId, idempotencyKey);
    if (hold.reason === 'insufficient_credits') throw new ApiError('insufficient_credits', `this call needs ${hold.required} credits and the balance is ${hold.balance}`, { required: hold.required, balance: hold.balance });
    if (hold.reason === 'key_limit_reached') throw new ApiError('key_limit_reached', keyLimitMessage(hold), { required: hold.required, credit_limit: hold.creditLimit, credits_spent: hold.creditsSpent });
    throw new ApiError(hold.reason, budgetMessage(hold), budgetDetails(hold));
  }

  try {
    const context: Parameters<Operation['handler']>[0] = {
      params,
      query,
      body,
      limit: plan.limit,
      after,
      caller,
      requestId,
      request,
      platform: input.platform,
      served: input.served,
      // Each platform has its own connection: the embedded one through its OAuth server, Bluesky by app password, X by OAuth 2.0.
      connectedAccount() {
        return connectedAccountOn(input.platform, caller.userId);
      },
    };
    const timeoutMs = meter.config.operationTimeoutMs;
    // Only an upstream platform counts its reads (meta.cached); the embedded one skips the
    // AsyncLocalStorage, whose promise hooks would tax every promise of the process.
    const { result, report } = await inSpan('perch.platform_read', { 'perch.platform': input.platform.name, 'perch.operation': operation.id }, async () =>
      input.platform.name === 'local'
        ? { result: await withOperationTimeout(timeoutMs, () => operation.handler(context)), report: null }
        : await withUpstreamReport(() => withOperationTimeout(timeoutMs, () => operation.handler(context)), requestId),
    );
    if (report) {
      input.log.upstreamRequests = report.reads;
      input.log.upstreamCached = report.cached;
    }
    if (result.response) {
      // A streamed answer (Server-Sent Events): the call is settled now, at no charge; what it delivers is paid per item as it goes.
      const streamedStatus = result.response.status;
      const remaining = await inSpan('perch.metering.settle', undefined, () => hold.ticket.settle(0, usageOf(input, streamedStatus, 0, undefined, report)));
      result.response.headers.set('x-request-id', requestId);
      for (const [name, value] of Object.entries(rateHeaders)) result.response.headers.set(name, value);
      result.response.headers.set('perch-credits-remaining', String(remaining));
      return result.response;
    }
    const items = result.items ?? (Array.isArray(result.data) ? result.data.length : 1);
    const charge = result.unchanged ? 0 : chargeFor(pricing, items);
    const remaining = await inSpan('perch.metering.settle', undefined, () => hold.ticket.settle(charge, usageOf(input, 200, items, undefined, report)));
    input.log.items = items;
    input.log.credits = charge;
    const nextCursor = result.next ? encodeCursor(operation.id, fingerprint ?? cursorFingerprint(params, values, input.platform), result.next) : null;
    const meta: SuccessMeta = {
      request_id: requestId,
      latency_ms: msSince(started),
      result_count: Array.isArray(result.data) ? result.data.length : 1,
      next_cursor: nextCursor,
      has_next_page: nextCursor !== null,
      credits_charged: charge,
      credits_remaining: remaining,
    };
    // Served from an upstream (Bluesky): whether every upstream read came from the cache.
    if (report && report.reads > 0) meta.cached = report.cached === report.reads;
    // Added only when there is something to add: a spread in the literal above made every
    // call's meta through V8's slow path (see usageOf).
    if (result.meta) Object.assign(meta, result.meta);
    const response = successResponse(result.data, meta, rateHeaders);
    if (idempotencyKey) await completeIdempotencyKey(caller.userId, idempotencyKey, 200, response.body);
    return response;
  } catch (error) {
    const apiError = toApiError(error, requestId);
    input.log.errorCode = apiError.code;
    await inSpan('perch.metering.release', undefined, () => hold.ticket.release(usageOf(input, apiError.status, 0, apiError)));
    if (idempotencyKey) await releaseIdempotencyKey(caller.userId, idempotencyKey);
    return errorResponse(apiError, requestId, msSince(started), rateHeaders, await creditsRemainingOf(caller.userId, error));
  }
}

/**
 * A call's usage record, always of one shape (error fields present, undefined on success).
 * Records built by spreading shared parts (`{ ...base, ...detail, status }`) came out with a
 * fresh hidden class on many calls: perf showed V8's map-copying and inline-cache-miss paths
 * in runOperation and in the meter that reads the record (several µs of a getUser call).
 */
function usageOf(input: RunInput, status: number, items: number, error?: ApiError, report?: UpstreamReport | null): UsageRecord {
  const platform = input.platform.name;
  const upstream = report ?? NO_UPSTREAM;
  return {
    operation: input.operation.id,
    tag: input.operation.tag,
    source: input.caller.source,
    params: input.log.params,
    status,
    items,
    latencyMs: msSince(input.started),
    errorCode: error?.code,
    errorMessage: error?.message,
    platform,
    upstreamRequests: upstream.reads,
    upstreamCached: upstream.cached,
    upstreamItems: upstream.items,
    upstreamCostMicros: upstream.reads === 0 ? 0 : getPriceBook().upstreamCostMicros(platform, input.operation.id, { requests: upstream.reads, cached: upstream.cached, items: upstream.items }),
  };
}

/** The upstream report of a call that asked nothing upstream (the embedded platform). */
const NO_UPSTREAM: UpstreamReport = Object.freeze({ reads: 0, cached: 0, items: 0 });

/** Milliseconds since `started` (performance.now()), rounded, as meta.latency_ms reports them. */
export function msSince(started: number): number {
  return Math.round(performance.now() - started);
}

/**
 * What a cursor is bound to: the call's parameters, and the platform unless it is the embedded
 * one (a cursor from one platform is no position on another). Computed only for a call that
 * reads or writes a cursor (a hash of its parameters).
 */
function cursorFingerprint(params: Record<string, unknown>, values: Record<string, unknown>, platform: Platform): string {
  return parameterFingerprint({ ...params, ...values, ...(platform.name === 'local' ? {} : { platform: platform.name }) });
}

/** The caller's connected account on this platform, or null. */
export async function connectedAccountOn(platform: Platform, userId: string): Promise<ConnectedAccount | null> {
  if (platform.name === 'local') return getConnectedAccount(userId);
  if (platform.name === 'x') {
    // The scopes the account granted at X, whose write scopes have the embedded platform's names.
    const settings = xPlatformSettings(platform);
    return settings ? getXAccount(userId, settings) : null;
  }
  if (platform.name === 'bluesky') {
    // An app password, and OAuth's transition:generic scope, act with every write scope.
    // Loaded on the first Bluesky call only: a deployment serving the embedded platform alone never needs the OAuth client.
    const { restoreBlueskySession } = await import('@/lib/connections/bluesky-oauth-client');
    const actor = await getBlueskyActor(userId, restoreBlueskySession);
    return actor ? { ...actor, scopes: ALL_SCOPES } : null;
  }
  return null;
}

type ReplayMeta = { requestId: string; latencyMs: number; balance: number; rateHeaders: Record<string, string> };

/** A stored write response, replayed: the same data, charged nothing this time, with the balance as it is now. */
function replayResponse(stored: string, status: number, { requestId, latencyMs, balance, rateHeaders }: ReplayMeta): ApiAnswer {
  const parsed = JSON.parse(stored) as { data: unknown; meta: Record<string, unknown> };
  const meta = {
    ...parsed.meta,
    request_id: requestId,
    latency_ms: latencyMs,
    credits_charged: 0,
    credits_remaining: balance,
    original_request_id: parsed.meta.request_id,
  };
  return jsonAnswer(status, JSON.stringify({ data: parsed.data, meta }), {
    'content-type': 'application/json; charset=utf-8',
    'x-request-id': requestId,
    'cache-control': 'no-store',
    'idempotent-replayed': 'true',
    'perch-credits-remaining': String(balance),
    ...rateHeaders,
  });
}
