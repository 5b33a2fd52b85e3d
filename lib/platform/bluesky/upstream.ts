import type { AtpAgent } from '@atproto/api';
import { NotFoundError, PlatformError, UnavailableError, UpstreamError, UpstreamRateLimitedError, type NotFoundKind } from '../errors';
import { alertOperator } from '../operator-alert';
import type { BlueskySettings } from '../platform-config';
import type { UpstreamBudget } from '../upstream-budget';
import { itemsOf, noteUpstreamRead, type UpstreamCache } from '../upstream-cache';
import { measuredBlueskyFetch, noteUpstreamCacheHit } from '@/lib/observability/upstream-metrics';
import { inSpan, isTracing, SPAN_KIND } from '@/lib/observability/spans';

// Every call Perch makes to Bluesky goes through here: a timeout on each, the upstream's errors
// mapped onto Perch's (429 → 429 with Retry-After, 5xx, network errors and timeouts → 503,
// not found → 404, 400/422 → 502 upstream_error, 401/403 of Perch's own access → 503 and a line
// for the operator), reads answered from the upstream cache when it holds them, and every read
// that does reach Bluesky spent from the operator's request budget when there is one (429 before
// Bluesky is asked once it is spent; writes act as connected accounts at their PDS and spend none).
// @atproto/api (its lexicons about 10 MB of heap) is loaded by the first call to Bluesky, not
// by every process that could serve it: a deployment of the embedded platform never does.

type Params = Record<string, string | number | boolean | string[] | undefined>;

/** What a read is about, so that "not found" from the upstream becomes the right 404. */
export type ReadSubject = NotFoundKind | null;

/** Fetch with a hard deadline: an upstream that never answers cannot hang a request. */
export function fetchWithTimeout(timeoutMs: number): typeof fetch {
  return (input, init) => {
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    // Counted and timed by its XRPC method (metrics on only).
    return measuredBlueskyFetch(input, () => (isTracing() ? tracedFetch(input, { ...init, signal }) : fetch(input, { ...init, signal })));
  };
}

/**
 * Every request the Bluesky agents send (AppView reads, logins, writes at a PDS) is a span of the
 * call's trace (tracing on), named by its XRPC method: `bluesky app.bsky.actor.getProfile`.
 * The query (handles, DIDs) stays out of it.
 */
function tracedFetch(input: Parameters<typeof fetch>[0], init: RequestInit): Promise<Response> {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  const nsid = url.pathname.startsWith('/xrpc/') ? url.pathname.slice('/xrpc/'.length) : 'request';
  const method = init.method ?? (typeof input === 'object' && 'method' in input ? input.method : 'GET');
  return inSpan(
    `bluesky ${nsid}`,
    { 'http.request.method': method, 'rpc.method': nsid, 'server.address': url.hostname, 'perch.upstream': 'bluesky' },
    async (span) => {
      const answer = await fetch(input, init);
      span?.setAttribute('http.response.status_code', answer.status);
      return answer;
    },
    SPAN_KIND.client,
  );
}

export type ReadOptions = { needsSession?: boolean; fresh?: boolean };

/**
 * Perch's own access a read used (the anonymous AppView or the service account's session), named
 * for the operator's line when Bluesky refuses it: `fix` says which setting to check.
 */
export type PerchAccess = { key: string; who: string; fix: string };

export type BlueskyUpstream = {
  /**
   * A read from the AppView (through the service account's session when `needsSession`); a
   * `fresh` read skips the cache (writes decide on state the upstream has now).
   */
  read<T>(nsid: string, params: Params, subject: ReadSubject, options?: ReadOptions): Promise<T>;
  /** Maps any upstream failure of `run` the same way reads are mapped (for writes). */
  guard<T>(subject: ReadSubject, run: () => Promise<T>): Promise<T>;
  settings: BlueskySettings;
};

/** The Bluesky upstream of one deployment; `budget` is the API's (real-time rules read a stream, not reads). */
export function createBlueskyUpstream(settings: BlueskySettings, cache: UpstreamCache | null, budget: UpstreamBudget | null = null): BlueskyUpstream {
  const fetchTimed = fetchWithTimeout(settings.timeoutMs);
  let appView: Promise<AtpAgent> | null = null;
  let session: Promise<AtpAgent> | null = null;

  function appViewAgent(): Promise<AtpAgent> {
    appView ??= import('@atproto/api').then(({ AtpAgent }) => new AtpAgent({ service: settings.appViewUrl, fetch: fetchTimed }));
    return appView;
  }

  function serviceSession(): Promise<AtpAgent> {
    const account = settings.serviceAccount;
    if (!account) return appViewAgent();
    session ??= (async () => {
      const { AtpAgent } = await import('@atproto/api');
      const agent = new AtpAgent({ service: settings.serviceUrl, fetch: fetchTimed });
      await agent.login({ identifier: account.identifier, password: account.password });
      return agent;
    })().catch((error: unknown) => {
      session = null; // the next call tries again
      throw error;
    });
    return session;
  }

  function perchAccess(needsSession: boolean): PerchAccess {
    const account = settings.serviceAccount;
    if (needsSession && account) {
      return {
        key: 'service-account',
        who: `Perch's service account ${account.identifier} at ${settings.serviceUrl}`,
        fix: 'check PERCH_BLUESKY_IDENTIFIER / PERCH_BLUESKY_APP_PASSWORD (an app password from bsky.app → Settings → App passwords)',
      };
    }
    return {
      key: 'appview',
      who: `the AppView at ${settings.appViewUrl}`,
      fix: needsSession
        ? 'this read needs a session: set PERCH_BLUESKY_IDENTIFIER and PERCH_BLUESKY_APP_PASSWORD'
        : 'check PERCH_BLUESKY_APPVIEW_URL',
    };
  }

  async function guard<T>(subject: ReadSubject, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw mapUpstreamError(error, subject);
    }
  }

  return {
    settings,
    guard,
    async read<T>(nsid: string, params: Params, subject: ReadSubject, options: ReadOptions = {}): Promise<T> {
      const clean = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== ''));
      const key = `bluesky:${settings.appViewUrl}:${nsid}:${JSON.stringify(clean)}`;
      const hit = cache && !options.fresh ? await cache.get(key) : undefined;
      if (hit !== undefined) {
        noteUpstreamRead(true);
        noteUpstreamCacheHit('bluesky', nsid);
        return hit as T;
      }
      await budget?.spend();
      const access = perchAccess(options.needsSession === true);
      let data: T;
      try {
        const agent = await (options.needsSession ? serviceSession() : appViewAgent());
        data = (await agent.call(nsid, clean)).data as T;
      } catch (error) {
        // A refused read was still a request (Bluesky's rate limit counts it), with nothing returned.
        noteUpstreamRead(false);
        const mapped = mapUpstreamError(error, subject, access);
        // A session Bluesky refuses (its app password revoked, say) is not reused: the next read logs in again.
        if (access.key === 'service-account' && isRefusal(error) && !(mapped instanceof NotFoundError)) session = null;
        throw mapped;
      }
      // Counted with the items it returned (X prices those; Bluesky's are recorded the same way).
      noteUpstreamRead(false, answerItems(data));
      if (cache) await cache.set(key, data);
      return data;
    },
  };
}

// The list an AppView answer carries, by the name its lexicon gives it (a profile, a thread or a
// resolved handle is one record; their own arrays, such as a profile's labels, are no items).
const LIST_FIELDS = ['feed', 'posts', 'followers', 'follows', 'actors', 'profiles', 'likes', 'repostedBy', 'items', 'trends', 'relationships'] as const;

/** The items of an AppView answer: its list's length, else one record. */
export function answerItems(data: unknown): number {
  if (data && typeof data === 'object') {
    const record = data as Record<string, unknown>;
    for (const field of LIST_FIELDS) {
      const list = record[field];
      if (Array.isArray(list)) return list.length;
    }
  }
  return itemsOf(data);
}

const NOT_FOUND_MESSAGE = /not found|could not find|unable to resolve|could not locate|no record|profile not found|actor not found|unknown (?:actor|handle|did)/i;

/**
 * Any failure of an upstream call as the Platform error Perch answers with. `perch` is given
 * when the call used Perch's own access (reads); without it the call acted as a connected
 * account (writes), whose 401/403 stays a plain 503 with no operator line.
 */
export function mapUpstreamError(error: unknown, subject: ReadSubject, perch?: PerchAccess): Error {
  if (error instanceof PlatformError) return error;
  const status = statusOf(error);
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { error?: string } | null)?.error ?? '';
  if (status === 429) {
    const headers = (error as { headers?: Record<string, string> }).headers ?? {};
    return new UpstreamRateLimitedError('Bluesky is rate-limiting Perch: retry after the reset', retryAfterSeconds(headers));
  }
  if (subject && (status === 404 || ((status === 400 || status === 401) && (NOT_FOUND_MESSAGE.test(message) || /NotFound|InvalidUri/.test(code))))) {
    return new NotFoundError(subject);
  }
  if (perch && isRefusal(error)) {
    alertOperator(
      `bluesky ${perch.key} ${status}`,
      `[bluesky] ${perch.who} was refused (${status}${code ? ` ${code}` : ''}: ${message}): ${perch.fix}. Reads answer 503 until it is fixed; this line repeats at most once a minute.`,
    );
    return new UnavailableError(`Bluesky is refusing Perch's own access right now (upstream status ${status}): retry later`);
  }
  // A request Bluesky will never accept: retrying the same call cannot help. (@atproto/xrpc
  // reports a 422, like any 4xx it has no name for, as 400.)
  if ((status === 400 || status === 422) && !isRefusal(error)) {
    return new UpstreamError(`Bluesky refused the request (${status}${code && code !== message ? ` ${code}` : ''}): ${message}`);
  }
  if (isTimeout(error)) return new UnavailableError('Bluesky did not answer in time: retry shortly');
  return new UnavailableError(`Bluesky is unavailable right now${status ? ` (upstream status ${status})` : ''}: retry shortly`);
}

function statusOf(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 0;
}

/** Bluesky refused the credentials (or their lack): 401, 403, or XRPC's 400 for a session token it no longer takes. */
function isRefusal(error: unknown): boolean {
  const status = statusOf(error);
  const code = (error as { error?: unknown } | null)?.error;
  return status === 401 || status === 403 || (status === 400 && (code === 'ExpiredToken' || code === 'InvalidToken'));
}

function isTimeout(error: unknown): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const name = (cause as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError') return true;
  }
  return false;
}

/** Seconds until the upstream's limit resets: RateLimit-Reset (Unix seconds) or Retry-After. */
function retryAfterSeconds(headers: Record<string, string>): number {
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const reset = Number(lower['ratelimit-reset']);
  if (Number.isFinite(reset) && reset > 0) return Math.max(1, Math.ceil(reset - Date.now() / 1000));
  const after = Number(lower['retry-after']);
  return Number.isFinite(after) && after > 0 ? after : 60;
}
