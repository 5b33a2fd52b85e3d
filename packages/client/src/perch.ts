import { buildRequest } from './build-request';
import { Events } from './events';
import type { EventType, PerchEvent } from './event-types';
import { Exports } from './exports';
import { openResponse } from './open-response';
import type { ClientConfig, RequestOptions } from './build-request';
import { PerchError } from './errors';
import { paginate } from './paginate';
import type { PaginateOptions, Paginators, PerchMethods } from './perch-methods';
import { readEnv } from './read-env';
import { Rules } from './rules';
import { ROUTES, pathParamNames } from './routes';
import type { Route } from './routes';
import { sendRequest } from './send-request';
import { streamEvents, streamMatches, type EventStreamOptions, type MatchEvent, type StreamOptions } from './stream-matches';
import type { Envelope, FetchLike } from './send-request';

export type PerchOptions = {
  /**
   * The API key (`perch_…`). Defaults to the PERCH_API_KEY environment variable where the
   * runtime has one. null sends no Authorization header: for the dashboard, whose session
   * cookie (or `headers`) authenticates instead.
   */
  apiKey?: string | null;
  /** Where the API is served; `/v2/…` is appended. Defaults to PERCH_BASE_URL, else http://localhost:3000. '' means the page's own origin (browsers). */
  baseUrl?: string;
  /** The fetch to use; defaults to the global fetch at call time. */
  fetch?: FetchLike;
  /** Retries after a 429, and after a 5xx, network failure or timeout of a call that may be repeated. Default 3. */
  maxRetries?: number;
  /** Longest wait for one attempt's answer, in milliseconds; then it is aborted. Default 60 000. */
  timeoutMs?: number;
  /** Headers sent with every request (an X-CSRF token, a tracing header…). */
  headers?: Record<string, string>;
  /** fetch's credentials mode: 'include' sends cookies to another origin, for session-authenticated calls. */
  credentials?: RequestCredentials;
};

const DEFAULT_BASE_URL = 'http://localhost:3000';
const DEFAULT_MAX_RETRIES = 3;
const DEFAULT_TIMEOUT_MS = 60_000;

function resolveApiKey(apiKey: string | null | undefined): string | null {
  const key = apiKey === undefined ? readEnv('PERCH_API_KEY') : apiKey;
  if (key === null) return null;
  if (!key) {
    throw new PerchError({
      status: null,
      code: 'missing_api_key',
      message: 'no Perch API key: pass new Perch({ apiKey }) or set PERCH_API_KEY (apiKey: null calls with a dashboard session instead)',
    });
  }
  return key;
}

function integerOption(value: number | undefined, fallback: number, name: string, min: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min) throw new RangeError(`${name} must be an integer of at least ${min}, got ${value}`);
  return value;
}

/** Splits a method's arguments into path values, input and options, as its route says. */
function splitArgs(route: Route, args: unknown[]): { pathValues: string[]; input: Record<string, unknown> | undefined; options: RequestOptions & PaginateOptions } {
  const names = pathParamNames(route.path);
  const pathValues = names.map((name, i) => {
    const value = args[i];
    // Ids are 64-bit: a JS number would silently lose digits, so only strings are taken.
    if (typeof value !== 'string' || value === '') throw new TypeError(`${route.id}: ${name} must be a non-empty string, got ${JSON.stringify(value)}`);
    return value;
  });
  const rest = args.slice(names.length);
  const input = route.input === null ? undefined : (rest.shift() as Record<string, unknown> | undefined);
  if (input !== undefined && (typeof input !== 'object' || input === null || Array.isArray(input))) {
    throw new TypeError(`${route.id}: its ${route.input} input must be an object, got ${JSON.stringify(input)}`);
  }
  return { pathValues, input, options: (rest.shift() as RequestOptions | undefined) ?? {} };
}

/** The client. Its per-operation methods are added to the prototype below, from the route table. */
class PerchClient {
  /** The base URL requests go to. */
  readonly baseUrl: string;
  /** `perch.paginate.<operation>(…)`: async iteration over every item of a paged operation. */
  readonly paginate: Paginators;
  /** `perch.exports.create(…)`, `.waitFor(id)`, `.download(id)`, `.records(id)`…: whole result sets as jobs. */
  readonly exports: Exports;
  /** `perch.events.list({ type, rule_id, since })`, `.listAll(…)`: the stored events of this key and its workspace, oldest first. */
  readonly events: Events;
  /** `perch.rules.create({ tag, follows: { username, direction } })`, `.list()`, `.pause(id)`…: rules and account monitors with typed definitions and records. */
  readonly rules: Rules;
  readonly #config: ClientConfig;
  readonly #fetch: FetchLike;
  readonly #maxRetries: number;
  readonly #timeoutMs: number;

  constructor(options: PerchOptions = {}) {
    const apiKey = resolveApiKey(options.apiKey);
    this.baseUrl = (options.baseUrl ?? readEnv('PERCH_BASE_URL') ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.#config = { baseUrl: this.baseUrl, apiKey, headers: { ...options.headers }, credentials: options.credentials };
    // Looked up at call time and called unbound-safe: window.fetch throws "Illegal invocation" when detached.
    this.#fetch = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
    this.#maxRetries = integerOption(options.maxRetries, DEFAULT_MAX_RETRIES, 'maxRetries', 0);
    this.#timeoutMs = integerOption(options.timeoutMs, DEFAULT_TIMEOUT_MS, 'timeoutMs', 1);
    const paginators: Record<string, unknown> = {};
    for (const route of ROUTES) {
      if (route.paged) paginators[route.id] = (...args: unknown[]) => this.#paginate(route, args);
    }
    this.paginate = paginators as Paginators;
    this.events = new Events({
      call: (id, pathValues, input, callOptions) => this.#send(ROUTES.find((route) => route.id === id)!, pathValues, input, callOptions),
    });
    this.rules = new Rules({
      call: (id, pathValues, input, callOptions) => this.#send(ROUTES.find((route) => route.id === id)!, pathValues, input, callOptions),
    });
    this.exports = new Exports({
      call: (id, pathValues, input, callOptions) => this.#send(ROUTES.find((route) => route.id === id)!, pathValues, input, callOptions),
      open: (path, callOptions) =>
        openResponse(this.#config, path, {
          fetch: this.#fetch,
          maxRetries: integerOption(callOptions.maxRetries, this.#maxRetries, 'maxRetries', 0),
          timeoutMs: integerOption(callOptions.timeoutMs, this.#timeoutMs, 'timeoutMs', 1),
          signal: callOptions.signal,
          headers: callOptions.headers,
        }),
    });
  }

  /**
   * This key's rule matches as they happen (GET /v2/stream, Server-Sent Events):
   * `for await (const match of perch.stream()) …`. Reconnects with Last-Event-ID by itself.
   */
  stream(options?: StreamOptions & { events?: undefined }): AsyncGenerator<MatchEvent>;
  /**
   * Every event of the stream (`events: 'all'`), or those of the listed types, typed by `type`:
   * matches, follow.* and profile.* of the key's monitors, and its workspace's account events.
   * `for await (const event of perch.stream({ events: ['follow.added', 'follow.removed'] })) event.data.follower`.
   */
  stream<T extends EventType = EventType>(options: EventStreamOptions<T>): AsyncGenerator<PerchEvent<T>>;
  stream(options: StreamOptions & { events?: 'all' | readonly EventType[] } = {}): AsyncGenerator<unknown> {
    const { events } = options;
    return events === undefined ? streamMatches(this.#config, this.#fetch, options) : streamEvents(this.#config, this.#fetch, { ...options, events });
  }

  /** One call of an operation: its result envelope, or a PerchError. */
  #send(route: Route, pathValues: string[], input: Record<string, unknown> | undefined, options: RequestOptions): Promise<Envelope> {
    const request = buildRequest(this.#config, route, pathValues, input, options);
    return sendRequest(request, {
      fetch: this.#fetch,
      maxRetries: integerOption(options.maxRetries, this.#maxRetries, 'maxRetries', 0),
      timeoutMs: integerOption(options.timeoutMs, this.#timeoutMs, 'timeoutMs', 1),
      signal: options.signal,
    });
  }

  #paginate(route: Route, args: unknown[]) {
    const { pathValues, input = {}, options } = splitArgs(route, args);
    const { maxItems, maxPages, ...requestOptions } = options;
    const start = input as { cursor?: string; count?: number | string };
    const fetchPage = (cursor: string | undefined, count: number | undefined) =>
      this.#send(route, pathValues, { ...input, cursor, count }, requestOptions) as Promise<{ data: unknown[]; meta: { next_cursor: string | null } }>;
    return paginate(fetchPage, start, { maxItems, maxPages });
  }

  static {
    for (const route of ROUTES) {
      Object.defineProperty(PerchClient.prototype, route.id, {
        // async, so that a bad argument rejects the promise like every other failure rather than throwing.
        value: async function (this: PerchClient, ...args: unknown[]) {
          const { pathValues, input, options } = splitArgs(route, args);
          return this.#send(route, pathValues, input, options);
        },
        writable: true,
        configurable: true,
      });
    }
  }
}

/** A Perch client: one typed method per /v2 operation, and `paginate` for the paged ones. */
export type Perch = PerchClient & PerchMethods;

// A class cannot declare 39 methods from a mapped type, so the constructor is given its full
// type here rather than through interface merging.
/** Creates a client: `new Perch({ apiKey })`, or `new Perch()` with PERCH_API_KEY set. */
export const Perch = PerchClient as new (options?: PerchOptions) => Perch;
