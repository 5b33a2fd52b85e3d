export type ErrorCode =
  | 'invalid_request'
  | 'unauthorized'
  | 'insufficient_credits'
  | 'key_limit_reached'
  | 'key_budget_reached'
  | 'workspace_budget_reached'
  | 'forbidden'
  | 'account_not_connected'
  | 'not_found'
  | 'method_not_allowed'
  | 'idempotency_conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'too_many_failed_authentications'
  | 'too_many_streams'
  | 'internal_error'
  | 'upstream_error'
  | 'unavailable';

export type ErrorDetail = { path: string; message: string } | Record<string, unknown>;

const STATUS: Record<ErrorCode, number> = {
  invalid_request: 400,
  unauthorized: 401,
  insufficient_credits: 402,
  key_limit_reached: 402,
  key_budget_reached: 402,
  workspace_budget_reached: 402,
  forbidden: 403,
  account_not_connected: 403,
  not_found: 404,
  method_not_allowed: 405,
  idempotency_conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  too_many_failed_authentications: 429,
  too_many_streams: 429,
  internal_error: 500,
  upstream_error: 502,
  unavailable: 503,
};

/** An error the API answers with: its code fixes the HTTP status (contract section 1). */
export class ApiError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[] | Record<string, unknown>,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = STATUS[code];
    this.headers = headers;
  }
}

/** The HTTP status of an error code. */
export function statusOf(code: ErrorCode): number {
  return STATUS[code];
}
