// Errors a Platform throws for bad input or missing data. They carry no HTTP status: the API
// layer maps them (NotFoundError → 404, InvalidCursorError and InvalidInputError → 400,
// ForbiddenError → 403), so an X or Bluesky platform can throw the same ones.

/** Base class of every error a Platform throws on purpose; anything else is a bug. */
export class PlatformError extends Error {}

/** What kind of thing was not found. */
export type NotFoundKind = 'user' | 'tweet' | 'list' | 'community';

const KINDS: readonly NotFoundKind[] = ['user', 'tweet', 'list', 'community'];

/**
 * A user, tweet, list or community does not exist. Pass the kind alone (`'tweet'`) or a
 * message starting with it (`'tweet 123 not found'`); the kind is read from its first word.
 */
export class NotFoundError extends PlatformError {
  readonly kind: NotFoundKind;

  constructor(what: NotFoundKind | `${NotFoundKind} ${string}`) {
    const kind = what.split(' ', 1)[0] as NotFoundKind;
    super(KINDS.includes(what as NotFoundKind) ? `${kind} not found` : what);
    this.name = 'NotFoundError';
    this.kind = kind;
  }
}

/** A keyset position that this platform did not issue for this sort (wrong shape or types). */
export class InvalidCursorError extends PlatformError {
  constructor(message = 'cursor is not valid for this request') {
    super(message);
    this.name = 'InvalidCursorError';
  }
}

/** An input the API's schema let through but the platform cannot use (a search query with nothing to search, an unknown country). */
export class InvalidInputError extends PlatformError {
  constructor(
    message: string,
    /** The request field at fault, for the 400's details. */
    readonly path?: string,
  ) {
    super(message);
    this.name = 'InvalidInputError';
  }
}

/** The acting account may not do this (deleting another account's tweet, posting in a community it is not a member of). */
export class ForbiddenError extends PlatformError {
  constructor(message: string) {
    super(message);
    this.name = 'ForbiddenError';
  }
}

/**
 * The platform cannot serve this (a feature it does not have, such as communities on Bluesky,
 * or an upstream that failed or timed out): 503 unavailable, charging nothing.
 */
export class UnavailableError extends PlatformError {
  constructor(message: string) {
    super(message);
    this.name = 'UnavailableError';
  }

  /** A feature the platform does not have at all; the message names both. */
  static feature(platform: string, feature: string): UnavailableError {
    return new UnavailableError(`${platform} does not offer ${feature}`);
  }
}

/**
 * The upstream platform refused a request it will never accept (X's or Bluesky's 400 or 422):
 * 502 upstream_error with the upstream's own message, not retryable, charging nothing. Perch
 * validates its inputs first, so this is Perch and the upstream disagreeing, not the caller's fault.
 */
export class UpstreamError extends PlatformError {
  constructor(message: string) {
    super(message);
    this.name = 'UpstreamError';
  }
}

/** The upstream refused for its own rate limit: 429 with Retry-After from the upstream's reset. */
export class UpstreamRateLimitedError extends PlatformError {
  constructor(
    message: string,
    /** Seconds until the upstream accepts calls again. */
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = 'UpstreamRateLimitedError';
  }
}
