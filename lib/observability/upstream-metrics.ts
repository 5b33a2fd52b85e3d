import { perchMetrics } from './metrics';

// Requests to X and Bluesky: count, latency and outcome per endpoint, and the reads the upstream
// cache answered. The endpoint is a bounded name: X's path template (ids and usernames masked),
// Bluesky's XRPC method; never a URL with what it asks about.

export type UpstreamOutcome = 'ok' | 'client_error' | 'rate_limited' | 'server_error' | 'timeout' | 'network_error';

type Child = { inc(): void; observe(seconds: number): void };

// One cached child pair per platform, endpoint and outcome (bounded sets), made on first use.
const children = new Map<string, Child>();

function childOf(platform: string, endpoint: string, outcome: UpstreamOutcome): Child | undefined {
  const metrics = perchMetrics();
  if (!metrics) return undefined;
  const key = `${platform} ${endpoint} ${outcome}`;
  let child = children.get(key);
  if (!child) {
    const counter = metrics.upstreamRequests.labels(platform, endpoint, outcome);
    const histogram = metrics.upstreamDuration.labels(platform, endpoint, outcome);
    child = { inc: () => counter.inc(), observe: (seconds) => histogram.observe(seconds) };
    children.set(key, child);
  }
  return child;
}

/** Whether upstream requests are measured at all: callers skip their timing when not. */
export function upstreamMetricsOn(): boolean {
  return perchMetrics() !== undefined;
}

/** One request made to `platform`, answered or failed after `seconds`. */
export function observeUpstream(platform: string, endpoint: string, outcome: UpstreamOutcome, seconds: number): void {
  const child = childOf(platform, endpoint, outcome);
  if (!child) return;
  child.inc();
  child.observe(seconds);
}

/** One read the upstream cache answered instead of the platform. */
export function noteUpstreamCacheHit(platform: string, endpoint: string): void {
  perchMetrics()?.upstreamCacheHits.labels(platform, endpoint).inc();
}

/** The outcome of an upstream answer by its HTTP status. */
export function outcomeOfStatus(status: number): UpstreamOutcome {
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server_error';
  if (status >= 400) return 'client_error';
  return 'ok';
}

/** The outcome of a request that got no answer: a timeout (or abort), else a network failure. */
export function outcomeOfError(error: unknown): UpstreamOutcome {
  for (let cause: unknown = error, depth = 0; cause && depth < 5; cause = (cause as { cause?: unknown }).cause, depth += 1) {
    const name = (cause as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError') return 'timeout';
  }
  return 'network_error';
}

// X API path words kept as they are; any other segment is masked (digits → {id}, else {param}),
// and the one after `username` is always {username}: the template set is bounded whatever the path.
const X_WORDS = new Set([
  '2', 'users', 'tweets', 'by', 'username', 'lists', 'trends', 'woeid', 'mentions', 'followers', 'following', 'liked_tweets', 'liking_users', 'retweeted_by',
  'quote_tweets', 'search', 'recent', 'all', 'counts', 'members', 'likes', 'retweets', 'owned_lists', 'followed_lists', 'list_memberships',
  'pinned_lists', 'me', 'timelines', 'reverse_chronological', 'bookmarks', 'blocking', 'muting', 'spaces', 'media', 'dm_events', 'dm_conversations', 'personalized_trends', 'oauth2', 'token', 'revoke',
]);
const MAX_SEGMENTS = 8;

/** X's endpoint template of a request path: `/2/users/by/username/jack` → `/2/users/by/username/{username}`, `/2/tweets/123` → `/2/tweets/{id}`. */
export function xEndpointOf(pathname: string): string {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  let template = '';
  for (let i = 0; i < segments.length && i < MAX_SEGMENTS; i += 1) {
    const segment = segments[i];
    template += '/' + (i > 0 && segments[i - 1] === 'username' ? '{username}' : X_WORDS.has(segment) ? segment : /^\d+$/.test(segment) ? '{id}' : '{param}');
  }
  if (segments.length > MAX_SEGMENTS) template += '/…';
  return template || '/';
}

const NSID = /^[a-zA-Z][a-zA-Z0-9-]*(\.[a-zA-Z][a-zA-Z0-9-]*){2,}$/;

/** Bluesky's endpoint of a request URL: its XRPC method (`app.bsky.actor.getProfile`), else `other`. */
export function blueskyEndpointOf(url: string): string {
  const start = url.indexOf('/xrpc/');
  if (start < 0) return 'other';
  const end = url.indexOf('?', start);
  const nsid = url.slice(start + '/xrpc/'.length, end < 0 ? undefined : end);
  return nsid.length <= 100 && NSID.test(nsid) ? nsid : 'other';
}

/** A Bluesky request (a fetch the agents make) counted and timed by its XRPC method; at once when metrics are off. */
export function measuredBlueskyFetch(input: string | URL | Request, send: () => Promise<Response>): Promise<Response> {
  if (!perchMetrics()) return send();
  const started = performance.now();
  const endpoint = blueskyEndpointOf(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  return send().then(
    (answer) => {
      observeUpstream('bluesky', endpoint, outcomeOfStatus(answer.status), (performance.now() - started) / 1000);
      return answer;
    },
    (error: unknown) => {
      observeUpstream('bluesky', endpoint, outcomeOfError(error), (performance.now() - started) / 1000);
      throw error;
    },
  );
}
