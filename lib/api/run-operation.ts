import { getBalance, placeHold, releaseHold, settleHold } from '@/lib/credits';
import { getConnectedAccount } from '@/lib/connections/get-connected-account';
import type { Platform } from '@/lib/platform/platform';
import { planCharge } from './charge';
import { decodeCursor, encodeCursor, parameterFingerprint } from './cursor';
import type { Caller, Operation } from './define-operation';
import { errorResponse, successResponse } from './envelope';
import { ApiError } from './errors';
import { claimIdempotencyKey, completeIdempotencyKey, idempotencyKeyOf, releaseIdempotencyKey, requestFingerprint } from './idempotency';
import { toApiError } from './to-api-error';
import { parseInput, queryObject, readJsonBody, refuseBody } from './validate';

export type RunInput = {
  request: Request;
  url: URL;
  operation: Operation;
  pathParams: Record<string, string>;
  caller: Caller;
  requestId: string;
  started: number;
  rateHeaders: Record<string, string>;
  platform: Platform;
};

/**
 * Runs one matched operation for an authenticated caller: validate → plan the charge →
 * (idempotency) → hold → handler → settle → envelope. Every failure after the hold
 * releases it in full, so no error charges credits.
 */
export async function runOperation(input: RunInput): Promise<Response> {
  const { request, url, operation, caller, requestId, started, rateHeaders } = input;
  const latency = () => Math.round(performance.now() - started);
  const usageBase = { operation: operation.id, tag: operation.tag, source: caller.source } as const;

  if (operation.scope === 'write' && !caller.scopes.includes('write')) {
    throw new ApiError('forbidden', 'this key lacks the write scope: create a key with read,write scopes');
  }
  const params = parseInput(operation.params, input.pathParams, 'path');
  const query = parseInput(operation.query, queryObject(url), 'query');
  const rawBody = operation.method === 'POST' ? await readJsonBody(request) : await refuseBody(request);
  const body = parseInput(operation.body, rawBody, 'body');
  const plan = planCharge(operation, { params, query, body });

  const values = operation.body ? body : query;
  const fingerprint = parameterFingerprint({ ...params, ...values });
  const cursor = values.cursor as string | undefined;
  const after = cursor ? decodeCursor(cursor, operation.id, fingerprint) : null;

  const idempotencyKey = operation.scope === 'write' ? idempotencyKeyOf(request) : null;
  if (idempotencyKey) {
    const claim = await claimIdempotencyKey(caller.userId, idempotencyKey, requestFingerprint(request.method, url, rawBody));
    if (claim.kind === 'replay') return replayResponse(claim.body, claim.status, { requestId, latencyMs: latency(), balance: await getBalance(caller.userId), rateHeaders });
  }

  const hold = await placeHold({ userId: caller.userId, keyId: caller.keyId, requestId, amount: plan.hold });
  if (!hold.ok) {
    if (idempotencyKey) await releaseIdempotencyKey(caller.userId, idempotencyKey);
    throw hold.reason === 'insufficient_credits'
      ? new ApiError('insufficient_credits', `this call needs ${hold.required} credits and the balance is ${hold.balance}`, { required: hold.required, balance: hold.balance })
      : new ApiError('key_limit_reached', `this key's spending limit of ${hold.creditLimit} credits is used up (${hold.creditsSpent} spent, ${hold.creditsHeld} held)`, {
          required: hold.required,
          credit_limit: hold.creditLimit,
          credits_spent: hold.creditsSpent,
        });
  }

  try {
    const result = await operation.handler({
      params,
      query,
      body,
      limit: plan.limit,
      after,
      caller,
      requestId,
      request,
      platform: input.platform,
      connectedAccount: () => getConnectedAccount(caller.userId),
    });
    if (result.response) {
      // A streamed answer (Server-Sent Events): the call is settled now, at no charge; what it delivers is paid per item as it goes.
      await settleHold({ holdId: hold.holdId, charge: 0, usage: { ...usageBase, status: result.response.status, items: 0, latencyMs: latency() } });
      result.response.headers.set('x-request-id', requestId);
      for (const [name, value] of Object.entries(rateHeaders)) result.response.headers.set(name, value);
      return result.response;
    }
    const items = result.items ?? (Array.isArray(result.data) ? result.data.length : 1);
    const charge = operation.cost.per === 'item' ? items * operation.cost.credits : operation.cost.credits;
    const remaining = await settleHold({ holdId: hold.holdId, charge, usage: { ...usageBase, status: 200, items, latencyMs: latency() } });
    const nextCursor = result.next ? encodeCursor(operation.id, fingerprint, result.next) : null;
    const response = successResponse(
      result.data,
      {
        request_id: requestId,
        latency_ms: latency(),
        result_count: Array.isArray(result.data) ? result.data.length : 1,
        next_cursor: nextCursor,
        has_next_page: nextCursor !== null,
        credits_charged: charge,
        credits_remaining: remaining,
        ...result.meta,
      },
      rateHeaders,
    );
    if (idempotencyKey) await completeIdempotencyKey(caller.userId, idempotencyKey, 200, await response.clone().text());
    return response;
  } catch (error) {
    const apiError = toApiError(error, requestId);
    await releaseHold({ holdId: hold.holdId, usage: { ...usageBase, status: apiError.status, latencyMs: latency() } });
    if (idempotencyKey) await releaseIdempotencyKey(caller.userId, idempotencyKey);
    return errorResponse(apiError, requestId, latency(), rateHeaders);
  }
}

type ReplayMeta = { requestId: string; latencyMs: number; balance: number; rateHeaders: Record<string, string> };

/** A stored write response, replayed: the same data, charged nothing this time, with the balance as it is now. */
function replayResponse(stored: string, status: number, { requestId, latencyMs, balance, rateHeaders }: ReplayMeta): Response {
  const parsed = JSON.parse(stored) as { data: unknown; meta: Record<string, unknown> };
  const meta = {
    ...parsed.meta,
    request_id: requestId,
    latency_ms: latencyMs,
    credits_charged: 0,
    credits_remaining: balance,
    original_request_id: parsed.meta.request_id,
  };
  return new Response(JSON.stringify({ data: parsed.data, meta }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': requestId, 'cache-control': 'no-store', 'idempotent-replayed': 'true', ...rateHeaders },
  });
}
