import type { ErrorCode, ExportJob } from './generated/api-types';

/**
 * What went wrong: an API error code (contract section 1), one of the client's own for calls
 * that got no usable answer, or how an export waited for ended (perch.exports).
 */
export type PerchErrorCode =
  | ErrorCode
  | 'timeout'
  | 'connection_error'
  | 'invalid_response'
  | 'missing_api_key'
  | 'export_failed'
  | 'export_cancelled'
  | 'unsupported_export_format';

/** One field's problem in a 400's details. */
export type FieldProblem = { path: string; message: string };

export type PerchErrorInit = {
  /** HTTP status; null when there was no HTTP answer (timeout, network failure, configuration). */
  status: number | null;
  code: PerchErrorCode;
  message: string;
  details?: unknown;
  requestId?: string | null;
  headers?: Headers | null;
  cause?: unknown;
};

/** Every error the client throws; `instanceof` one of the subclasses to handle a case. */
export class PerchError extends Error {
  readonly status: number | null;
  readonly code: PerchErrorCode;
  /** The error's `details`: per-field problems on a 400, `{ required, balance }` on a 402, else usually undefined. */
  readonly details: unknown;
  /** The answer's `x-request-id`, to quote when reporting a problem; null without an answer. */
  readonly requestId: string | null;
  /** The answer's headers (rate-limit headers among them); null without an answer. */
  readonly headers: Headers | null;

  constructor(init: PerchErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.requestId = init.requestId ?? null;
    this.headers = init.headers ?? null;
  }
}

/** 400 invalid_request: a field is unknown, missing, mistyped or out of range. */
export class ValidationError extends PerchError {
  /** The per-field problems, `[{ path, message }]`. */
  get problems(): FieldProblem[] {
    return Array.isArray(this.details) ? (this.details as FieldProblem[]) : [];
  }
}

/** 401 unauthorized: the key is missing, malformed, unknown, revoked or expired (or the old secret of a rotated key past its grace period). */
export class AuthenticationError extends PerchError {}

/**
 * 429 too_many_failed_authentications: this address sent too many bad keys, and its failures are
 * refused for a while. An AuthenticationError (the key is the problem) that is never retried:
 * waiting would only fail again with the same key. A valid key is served regardless.
 */
export class TooManyFailedAuthenticationsError extends AuthenticationError {
  /** Seconds until this address's failures are counted afresh (Retry-After). */
  readonly retryAfter: number | null;

  constructor(init: PerchErrorInit & { retryAfter: number | null }) {
    super(init);
    this.retryAfter = init.retryAfter;
  }
}

/** 402: a call that could not be paid for, by the balance or by the key's own limit. Nothing was charged. */
export class PaymentRequiredError extends PerchError {
  /** The credits the call needed to hold, when the server said. */
  get required(): number | null {
    const required = (this.details as { required?: unknown } | undefined)?.required;
    return typeof required === 'number' ? required : null;
  }
}

/** 402 insufficient_credits: the account's balance cannot cover the call; top up. */
export class InsufficientCreditsError extends PaymentRequiredError {}

/** 402 key_limit_reached: the key's own spending limit is used up while the account may still have credits; raise the limit or use another key. */
export class KeyLimitReachedError extends PaymentRequiredError {}

/** 403 forbidden or account_not_connected: the key lacks the write scope, or no platform account is connected. */
export class PermissionError extends PerchError {}

/** 404 not_found: the user, tweet, list or community does not exist. */
export class NotFoundError extends PerchError {}

/** 429 rate_limited, after the client's own retries ran out. */
export class RateLimitError extends PerchError {
  /** Seconds the server asked to wait (Retry-After), or null when it did not say. */
  readonly retryAfter: number | null;

  constructor(init: PerchErrorInit & { retryAfter: number | null }) {
    super(init);
    this.retryAfter = init.retryAfter;
  }
}

/** The server answered 5xx (after retries, for calls that may be retried). */
export class ServerError extends PerchError {}

/** No answer within `timeoutMs`; the request was aborted. */
export class TimeoutError extends PerchError {}

/** The request never got an HTTP answer: DNS, refused connection, reset, CORS. */
export class ConnectionError extends PerchError {}

/** An export that perch.exports.waitFor or records() followed ended otherwise than completed; `job` is it as it ended. */
export class ExportEndedError extends PerchError {
  readonly job: ExportJob;

  constructor(job: ExportJob, init: Omit<PerchErrorInit, 'status'>) {
    super({ ...init, status: null });
    this.job = job;
  }
}

/** The export failed: `job.error` says why (`code`, `message`); its file keeps what was written before. */
export class ExportFailedError extends ExportEndedError {
  constructor(job: ExportJob) {
    super(job, { code: 'export_failed', message: `export ${job.id} failed: ${job.error?.code ?? 'unknown'}: ${job.error?.message ?? ''}`, details: job.error });
  }
}

/** The export was cancelled (by you, or by someone else of the workspace) before it finished. */
export class ExportCancelledError extends ExportEndedError {
  constructor(job: ExportJob) {
    super(job, { code: 'export_cancelled', message: `export ${job.id} was cancelled after ${job.items} records` });
  }
}

const BY_STATUS: Record<number, typeof PerchError> = {
  400: ValidationError,
  401: AuthenticationError,
  402: InsufficientCreditsError,
  403: PermissionError,
  404: NotFoundError,
};

const BY_CODE: Partial<Record<PerchErrorCode, typeof PerchError>> = {
  key_limit_reached: KeyLimitReachedError,
};

/** The typed error for an HTTP error answer. */
export function errorForStatus(init: PerchErrorInit & { status: number; retryAfter: number | null }): PerchError {
  if (init.code === 'too_many_failed_authentications') return new TooManyFailedAuthenticationsError(init);
  if (init.status === 429) return new RateLimitError(init);
  if (init.status >= 500) return new ServerError(init);
  const ErrorClass = BY_CODE[init.code] ?? BY_STATUS[init.status] ?? PerchError;
  return new ErrorClass(init);
}
