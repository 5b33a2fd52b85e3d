import { ApiRequestError, ApiResponseError, type TwitterApi } from 'twitter-api-v2';
import { ForbiddenError, InvalidInputError, NotFoundError, PlatformError, UnavailableError, UpstreamRateLimitedError } from '../errors';
import type { XSettings } from '../platform-config';
import { noteUpstreamRead, type UpstreamCache } from '../upstream-cache';
import { appClient, userClient } from './client';
import type { XProblem } from './x-types';

// Every call Perch makes to X goes through here: the client's timeout on each, X's errors mapped
// onto Perch's (429 → 429 with Retry-After from x-rate-limit-reset; 5xx, network errors and
// timeouts → 503; 404 and X's "Not Found Error" problem → 404), and app reads answered from the
// upstream cache when it holds them.

export type Query = Record<string, string | number | undefined>;

/** What a call is about, so that "not found" from X becomes the right 404 (null: nothing to miss). */
export type Subject = 'user' | 'tweet' | 'list' | null;

/** An answer of X API v2: data, includes, meta and partial errors. */
export type XAnswer<T> = { data?: T; includes?: Record<string, unknown[] | undefined>; meta?: { result_count?: number; next_token?: string; newest_id?: string; oldest_id?: string }; errors?: XProblem[] };

export type XUpstream = {
  settings: XSettings;
  /** A GET of /2/<path> with the app's bearer token. */
  read<T>(path: string, query: Query, subject: Subject): Promise<XAnswer<T>>;
  /** A call of /2/<path> as a connected account (its OAuth 2.0 user token). */
  asUser<T>(accessToken: string, method: 'GET' | 'POST' | 'DELETE', path: string, body: Record<string, unknown> | Query, subject: Subject): Promise<XAnswer<T>>;
};

const NOT_FOUND_TYPE = /resource-not-found$/;

/** A problem of X's saying the thing asked for does not exist. */
export function isNotFound(problem: XProblem): boolean {
  return problem.title === 'Not Found Error' || NOT_FOUND_TYPE.test(problem.type ?? '');
}

function clean(query: Query): Record<string, string> {
  return Object.fromEntries(Object.entries(query).flatMap(([name, value]) => (value === undefined || value === '' ? [] : [[name, String(value)]])));
}

/** X answers a single lookup of nothing with 200 and a Not Found problem instead of data. */
function requireData<T>(answer: XAnswer<T>, subject: Subject): XAnswer<T> {
  if (answer.data === undefined && subject && (answer.errors ?? []).some(isNotFound)) throw new NotFoundError(subject);
  return answer;
}

/** The X upstream of one deployment. */
export function createXUpstream(settings: XSettings, cache: UpstreamCache | null): XUpstream {
  const app = appClient(settings);
  const users = new Map<string, TwitterApi>();

  return {
    settings,
    async read<T>(path: string, query: Query, subject: Subject): Promise<XAnswer<T>> {
      const params = clean(query);
      const key = `x:${settings.apiUrl}:${path}:${JSON.stringify(params)}`;
      const hit = cache ? await cache.get(key) : undefined;
      noteUpstreamRead(hit !== undefined);
      if (hit !== undefined) return requireData(hit as XAnswer<T>, subject);
      const answer = await guard(subject, () => app.v2.get<XAnswer<T>>(path, params));
      if (cache) await cache.set(key, answer);
      return requireData(answer, subject);
    },
    async asUser<T>(accessToken: string, method: 'GET' | 'POST' | 'DELETE', path: string, body: Record<string, unknown> | Query, subject: Subject): Promise<XAnswer<T>> {
      let client = users.get(accessToken);
      if (!client) {
        // A handful of clients at most: one per connected account with recent writes.
        if (users.size > 1000) users.clear();
        client = userClient(settings, accessToken);
        users.set(accessToken, client);
      }
      const user = client.v2;
      const answer = await guard(
        subject,
        () => (method === 'GET' ? user.get<XAnswer<T>>(path, clean(body as Query)) : method === 'POST' ? user.post<XAnswer<T>>(path, body) : user.delete<XAnswer<T>>(path)),
        { asUser: true },
      );
      return requireData(answer, subject);
    },
  };
}

async function guard<T>(subject: Subject, run: () => Promise<T>, options: { asUser?: boolean } = {}): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw mapXError(error, subject, options);
  }
}

/** Any failure of a call to X as the Platform error Perch answers with. */
export function mapXError(error: unknown, subject: Subject, { asUser = false } = {}): Error {
  if (error instanceof PlatformError) return error;
  if (error instanceof ApiResponseError) {
    const problems = [...(error.data?.errors ?? [])] as XProblem[];
    const detail = (error.data as { detail?: string })?.detail ?? problems[0]?.detail ?? problems[0]?.message ?? error.message;
    if (error.code === 429) return new UpstreamRateLimitedError('X is rate-limiting Perch: retry after the reset', retryAfterSeconds(error));
    if (subject && (error.code === 404 || problems.some(isNotFound) || isNotFound(error.data as XProblem))) return new NotFoundError(subject);
    // A user token X no longer accepts: the connection is gone, whatever Perch's row says.
    if (error.code === 401 && asUser) return new ForbiddenError('X refused the connected account’s token: reconnect it in the dashboard (Connections)');
    if (error.code === 400) return new InvalidInputError(`X refused the request: ${detail}`);
    if (error.code === 403) return new ForbiddenError(`X refused: ${detail}`);
    return new UnavailableError(`X is unavailable right now (upstream status ${error.code}): retry shortly`);
  }
  if (error instanceof ApiRequestError && /timeout/i.test(requestCause(error))) return new UnavailableError('X did not answer in time: retry shortly');
  if (error instanceof ApiRequestError) return new UnavailableError('X is unavailable right now (the connection failed): retry shortly');
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * Why a request failed before any answer ("Request timeout." when the client's timeout fired).
 * twitter-api-v2 1.29 stores the cause as `_options.error` but its `requestError` getter reads
 * `_options.requestError`, so the getter is always undefined.
 */
function requestCause(error: ApiRequestError): string {
  const options = (error as unknown as { _options?: { error?: Error; requestError?: Error } })._options;
  return (options?.requestError ?? options?.error)?.message ?? '';
}

/** Seconds until X's window resets: x-rate-limit-reset is in Unix seconds. */
function retryAfterSeconds(error: ApiResponseError): number {
  const header = error.headers?.['x-rate-limit-reset'];
  const reset = error.rateLimit?.reset ?? Number(Array.isArray(header) ? header[0] : header);
  if (Number.isFinite(reset) && reset > 0) return Math.max(1, Math.ceil(reset - Date.now() / 1000));
  return 60;
}
