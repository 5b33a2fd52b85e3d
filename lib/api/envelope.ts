import type { ApiError } from './errors';
import { jsonAnswer, type JsonAnswer } from './serialized-response';

export type SuccessMeta = {
  request_id: string;
  latency_ms: number;
  result_count: number;
  next_cursor: string | null;
  has_next_page: boolean;
  credits_charged: number;
  credits_remaining: number;
  [extra: string]: unknown;
};

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The answer with its headers; `credits` is Perch-Credits-Remaining (null: no account known,
 * e.g. a 401, and the header is left out). Added after the spread, not spread in itself: one
 * object per answer.
 */
function respond(status: number, body: unknown, requestId: string, headers: Record<string, string>, credits: number | null): JsonAnswer {
  const out: Record<string, string> = { 'content-type': JSON_TYPE, 'x-request-id': requestId, 'cache-control': 'no-store', ...headers };
  if (credits !== null) out['perch-credits-remaining'] = String(credits);
  return jsonAnswer(status, JSON.stringify(body), out);
}

/** The success envelope: `{ data, meta }` with all seven meta fields; Perch-Credits-Remaining is meta.credits_remaining. */
export function successResponse(data: unknown, meta: SuccessMeta, headers: Record<string, string> = {}): JsonAnswer {
  return respond(200, { data, meta }, meta.request_id, headers, meta.credits_remaining);
}

/** The error envelope, the same for every operation; `credits` as lib/api/credits-remaining.ts tells it. */
export function errorResponse(error: ApiError, requestId: string, latencyMs: number, headers: Record<string, string> = {}, credits: number | null = null): JsonAnswer {
  const body = {
    error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
    meta: { request_id: requestId, latency_ms: latencyMs },
  };
  return respond(error.status, body, requestId, { ...headers, ...error.headers }, credits);
}
