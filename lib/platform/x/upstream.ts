import { ApiError, type Client } from '@xdevplatform/xdk';
import { ForbiddenError, NotFoundError, PlatformError, UnavailableError, UpstreamError, UpstreamRateLimitedError } from '../errors';
import { alertOperator } from '../operator-alert';
import type { XSettings } from '../platform-config';
import type { UpstreamBudget } from '../upstream-budget';
import { itemsOf, noteUpstreamRead, type UpstreamCache } from '../upstream-cache';
import { appClient, userClient } from './client';
import { noteUpstreamCacheHit } from '@/lib/observability/upstream-metrics';
import type { XAnswer, XProblem } from './x-types';

// Every call Perch makes to X goes through here, made with X's official SDK: the client's
// timeout on each, X's errors mapped onto Perch's by kind (mapXError), app reads answered
// from the upstream cache when it holds them, and every request that does reach X spent from
// the operator's request budget when there is one (429 before X is asked once it is spent).

/** What a call is about, so that "not found" from X becomes the right 404 (null: nothing to miss). */
export type Subject = 'user' | 'tweet' | 'list' | null;

export type XUpstream = {
  settings: XSettings;
  /** A read with the app's bearer token; `name` and `args` key the upstream cache. */
  read<A extends XAnswer<unknown>>(name: string, args: readonly unknown[], subject: Subject, call: (client: Client) => Promise<A>): Promise<A>;
  /** A call as a connected account (its OAuth 2.0 user token). */
  asUser<A extends XAnswer<unknown>>(accessToken: string, subject: Subject, call: (client: Client) => Promise<A>): Promise<A>;
};

const NOT_FOUND_TYPE = /resource-not-found$/;

/** A problem of X's saying the thing asked for does not exist. */
export function isNotFound(problem: XProblem | undefined): boolean {
  return problem?.title === 'Not Found Error' || NOT_FOUND_TYPE.test(problem?.type ?? '');
}

/** X answers a single lookup of nothing with 200 and a Not Found problem instead of data. */
function requireData<A extends XAnswer<unknown>>(answer: A, subject: Subject): A {
  if (answer.data === undefined && subject && (answer.errors ?? []).some(isNotFound)) throw new NotFoundError(subject);
  return answer;
}

/** The X upstream of one deployment; `budget` is the API's (real-time polling keeps its own). */
export function createXUpstream(settings: XSettings, cache: UpstreamCache | null, budget: UpstreamBudget | null = null): XUpstream {
  const app = appClient(settings);
  const users = new Map<string, Client>();

  return {
    settings,
    async read(name, args, subject, call) {
      const key = `x:${settings.apiUrl}:${name}:${JSON.stringify(args)}`;
      const hit = cache ? await cache.get(key) : undefined;
      if (hit !== undefined) {
        noteUpstreamRead(true);
        noteUpstreamCacheHit('x', name);
        return requireData(hit as Awaited<ReturnType<typeof call>>, subject);
      }
      await budget?.spend();
      const answer = await guard(subject, () => call(app));
      // Counted once answered: X prices what it returns, and a refused request returns nothing.
      noteUpstreamRead(false, itemsOf(answer.data));
      if (cache) await cache.set(key, answer);
      return requireData(answer, subject);
    },
    async asUser(accessToken, subject, call) {
      let client = users.get(accessToken);
      if (!client) {
        // A handful of clients at most: one per connected account with recent writes.
        if (users.size > 1000) users.clear();
        client = userClient(settings, accessToken);
        users.set(accessToken, client);
      }
      const user = client;
      await budget?.spend();
      const answer = await guard(subject, () => call(user), { asUser: true });
      noteUpstreamRead(false, itemsOf(answer.data));
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

type ProblemBody = { title?: string; detail?: string; type?: string; message?: string; errors?: Array<{ message?: string; detail?: string; title?: string; type?: string }> };

/** X's own words for a refusal: the problem's detail, its first error's, or the HTTP status. */
function problemOf(error: ApiError): { detail: string; problems: XProblem[]; body: ProblemBody } {
  const body = (typeof error.data === 'object' && error.data !== null ? error.data : {}) as ProblemBody;
  const problems = (Array.isArray(body.errors) ? body.errors : []) as XProblem[];
  const first = body.errors?.[0];
  const detail = body.detail ?? first?.detail ?? first?.message ?? body.title ?? (typeof error.data === 'string' && error.data ? error.data.slice(0, 300) : `HTTP ${error.status}`);
  return { detail, problems, body };
}

/**
 * Any failure of a call to X as the Platform error Perch answers with (docs/platforms/x.md):
 * 400/422 → 502 upstream_error with X's message (the same request will never pass);
 * 401/403 of the app's bearer token → 503 and a line for the operator; the connected account's
 * 401 → 403 "reconnect", its 403 → 403 with X's reason; 404 → 404; 429 → 429 with X's reset;
 * 5xx, timeouts and refused connections → 503.
 */
export function mapXError(error: unknown, subject: Subject, { asUser = false } = {}): Error {
  if (error instanceof PlatformError) return error;
  if (!(error instanceof ApiError)) {
    // Only SDK calls run inside guard(): an error that is not X's answer is the SDK refusing to
    // send (a missing credential it insists on). The operator can act on it; the caller cannot.
    const message = error instanceof Error ? error.message : String(error);
    alertOperator(`x:sdk:${message.slice(0, 80)}`, `[x] the X SDK did not send a request (${message}). Reads answer 503 until it is fixed; this line repeats at most once a minute.`);
    return new UnavailableError('X is unavailable right now (the request could not be sent): retry later');
  }
  const { status } = error;
  if (status === 0) {
    const cause = error.data as { name?: string } | undefined;
    if (cause?.name === 'TimeoutError' || cause?.name === 'AbortError') return new UnavailableError('X did not answer in time: retry shortly');
    return new UnavailableError('X is unavailable right now (the connection failed): retry shortly');
  }
  const { detail, problems, body } = problemOf(error);
  if (status === 429) return new UpstreamRateLimitedError('X is rate-limiting Perch: retry after the reset', retryAfterSeconds(error.headers));
  if (subject && (status === 404 || problems.some(isNotFound) || isNotFound(body as XProblem))) return new NotFoundError(subject);
  if (asUser && status === 401) return new ForbiddenError('X refused the connected account’s token: reconnect it in the dashboard (Connections)');
  if (asUser && status === 403) return new ForbiddenError(`X refused: ${detail}`);
  if (status === 401 || status === 403) {
    alertOperator(
      `x:app:${status}`,
      `[x] X refused Perch's app credentials (${status}: ${detail}): check PERCH_X_BEARER_TOKEN and the app's access level. Reads answer 503 until it is fixed; this line repeats at most once a minute.`,
    );
    return new UnavailableError('X is unavailable right now (it refused this deployment’s credentials): retry later');
  }
  if (status === 400 || status === 422) return new UpstreamError(`X refused the request (${status}): ${detail}`);
  return new UnavailableError(`X is unavailable right now (upstream status ${status}): retry shortly`);
}

/** Seconds until X's window resets: x-rate-limit-reset is in Unix seconds. */
function retryAfterSeconds(headers: Headers | undefined): number {
  const reset = Number(headers?.get?.('x-rate-limit-reset'));
  if (Number.isFinite(reset) && reset > 0) return Math.max(1, Math.ceil(reset - Date.now() / 1000));
  return 60;
}
