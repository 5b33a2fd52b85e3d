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

function respond(status: number, body: unknown, requestId: string, headers: Record<string, string>): JsonAnswer {
  return jsonAnswer(status, JSON.stringify(body), { 'content-type': JSON_TYPE, 'x-request-id': requestId, 'cache-control': 'no-store', ...headers });
}

/** The success envelope: `{ data, meta }` with all seven meta fields. */
export function successResponse(data: unknown, meta: SuccessMeta, headers: Record<string, string> = {}): JsonAnswer {
  return respond(200, { data, meta }, meta.request_id, headers);
}

/** The error envelope, the same for every operation. */
export function errorResponse(error: ApiError, requestId: string, latencyMs: number, headers: Record<string, string> = {}): JsonAnswer {
  const body = {
    error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
    meta: { request_id: requestId, latency_ms: latencyMs },
  };
  return respond(error.status, body, requestId, { ...headers, ...error.headers });
}
