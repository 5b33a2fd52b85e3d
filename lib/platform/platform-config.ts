import { StartupError } from '@/lib/db/startup-error';
import { PLATFORM_NAMES, type PlatformName } from './platform';
import { readUpstreamBudget, type UpstreamBudgetSettings } from './upstream-budget-settings';

// Which platforms this deployment serves and their settings, read once from the environment.
// Every problem is a StartupError: one line naming the variable and what to put there.

export type BlueskySettings = {
  /** The AppView that answers reads (the public one by default). */
  appViewUrl: string;
  /** The PDS or entryway the service account and connected accounts log in at. */
  serviceUrl: string;
  /** The service account for the reads the public AppView refuses without a session (post search). */
  serviceAccount: { identifier: string; password: string } | null;
  /** Limit of every upstream call. */
  timeoutMs: number;
  /** The event stream real-time rules read new posts from: Jetstream, or a relay's or PDS's firehose. */
  stream: { kind: 'jetstream' | 'firehose'; url: string };
  /**
   * atproto OAuth ("Sign in with Bluesky" on the dashboard), from PERCH_PUBLIC_URL: an https
   * origin publishes its client metadata there; an http loopback origin (127.0.0.1, [::1])
   * is atproto's development client. Null without PERCH_PUBLIC_URL: app passwords only.
   */
  oauth?: { publicUrl: string; loopback: boolean; plcUrl: string } | null;
  /** Perch's own Bluesky requests allowed per window, all customers and instances together (PERCH_BLUESKY_UPSTREAM_BUDGET); absent: no budget. */
  requestBudget?: UpstreamBudgetSettings;
};

export type XSettings = {
  /** The X API's origin: https, or plain http on a loopback host (a local mock). */
  apiUrl: string;
  /** The app's bearer token, for every read. */
  bearerToken: string;
  /** The app's OAuth 2.0 client, for connecting accounts that writes act as; null without one. */
  oauth: { clientId: string; clientSecret: string | null; authorizeUrl: string } | null;
  /** Limit of every upstream call. */
  timeoutMs: number;
  /** The HTTPS agent of every call (tests pass one that trusts a local server's certificate). */
  httpAgent?: import('node:https').Agent;
  /** X requests allowed per window, all customers and instances together (PERCH_X_UPSTREAM_BUDGET); absent: no budget. */
  requestBudget?: UpstreamBudgetSettings;
};

export type PlatformConfig = {
  /** The platform a request gets without a Perch-Platform header. */
  defaultPlatform: PlatformName;
  /** Every platform served, the default first. */
  platforms: PlatformName[];
  bluesky: BlueskySettings | null;
  x: XSettings | null;
  /** Seconds identical upstream reads are served from the cache; 0 turns it off. */
  cacheTtlSeconds: number;
};

type Env = Record<string, string | undefined>;

function platformName(name: string, value: string): PlatformName {
  const lower = value.trim().toLowerCase();
  if (!(PLATFORM_NAMES as readonly string[]).includes(lower)) throw new StartupError(`${name} must be one of ${PLATFORM_NAMES.join(', ')}, got "${value}"`);
  return lower as PlatformName;
}

function httpUrl(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim() || fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new StartupError(`${name} must be an http(s) URL such as ${fallback}, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new StartupError(`${name} must be an http(s) URL such as ${fallback}, got "${raw}"`);
  return raw.replace(/\/+$/, '');
}

/** A loopback host: 127.0.0.0/8, ::1 or localhost (a local mock of an upstream). */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/**
 * An https URL, or plain http on a loopback host: the bearer token crosses no network in clear,
 * and a local mock of X (tests, a generated mock of X's OpenAPI description) needs no certificate.
 */
function httpsUrl(env: Env, name: string, fallback: string): string {
  const url = httpUrl(env, name, fallback);
  if (url.startsWith('https:') || isLoopback(new URL(url).hostname)) return url;
  throw new StartupError(`${name} must be an https URL such as ${fallback} (plain http only on a loopback host such as 127.0.0.1), got "${url}"`);
}

function webSocketUrl(env: Env, name: string, fallback: string | null): string | null {
  const raw = env[name]?.trim() || fallback;
  if (raw === null) return null;
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    // reported below
  }
  if (!url || !['ws:', 'wss:', 'http:', 'https:'].includes(url.protocol)) {
    throw new StartupError(`${name} must be a ws(s):// or http(s):// URL such as ${fallback ?? 'wss://bsky.network'}, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

function streamSettings(env: Env): BlueskySettings['stream'] {
  const firehose = webSocketUrl(env, 'PERCH_BLUESKY_FIREHOSE_URL', null);
  if (firehose) return { kind: 'firehose', url: firehose };
  return { kind: 'jetstream', url: webSocketUrl(env, 'PERCH_BLUESKY_JETSTREAM_URL', 'wss://jetstream2.us-east.bsky.network/subscribe')! };
}

function wholeNumber(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new StartupError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return value;
}

function blueskySettings(env: Env): BlueskySettings {
  const identifier = env.PERCH_BLUESKY_IDENTIFIER?.trim() ?? '';
  const password = env.PERCH_BLUESKY_APP_PASSWORD ?? '';
  if (Boolean(identifier) !== Boolean(password)) {
    throw new StartupError(
      'PERCH_BLUESKY_IDENTIFIER and PERCH_BLUESKY_APP_PASSWORD go together: set both (a handle and an app password from bsky.app → Settings → App passwords) or neither',
    );
  }
  return {
    appViewUrl: httpUrl(env, 'PERCH_BLUESKY_APPVIEW_URL', 'https://public.api.bsky.app'),
    serviceUrl: httpUrl(env, 'PERCH_BLUESKY_SERVICE_URL', 'https://bsky.social'),
    serviceAccount: identifier ? { identifier, password } : null,
    timeoutMs: upstreamTimeout(env),
    stream: streamSettings(env),
    oauth: oauthSettings(env),
    ...budgetOf(env, 'PERCH_BLUESKY_UPSTREAM_BUDGET'),
  };
}

/** `requestBudget` when the variable sets one (left out otherwise: no budget is the default). */
function budgetOf(env: Env, name: string): { requestBudget?: UpstreamBudgetSettings } {
  const budget = readUpstreamBudget(env, name);
  return budget ? { requestBudget: budget } : {};
}

function upstreamTimeout(env: Env): number {
  return wholeNumber(env, 'PERCH_UPSTREAM_TIMEOUT_MS', 10_000, 100, 120_000);
}

function xSettings(env: Env): XSettings {
  const bearerToken = env.PERCH_X_BEARER_TOKEN?.trim() ?? '';
  if (!bearerToken) {
    throw new StartupError('PERCH_X_BEARER_TOKEN is required to serve X: the app bearer token from developer.x.com (Projects & Apps, Keys and tokens)');
  }
  const clientId = env.PERCH_X_CLIENT_ID?.trim() ?? '';
  const clientSecret = env.PERCH_X_CLIENT_SECRET?.trim() ?? '';
  if (clientSecret && !clientId) throw new StartupError('PERCH_X_CLIENT_SECRET needs PERCH_X_CLIENT_ID: set the OAuth 2.0 client id of the same X app, or neither');
  return {
    apiUrl: httpsUrl(env, 'PERCH_X_API_URL', 'https://api.x.com'),
    bearerToken,
    oauth: clientId ? { clientId, clientSecret: clientSecret || null, authorizeUrl: httpsUrl(env, 'PERCH_X_AUTHORIZE_URL', 'https://x.com/i/oauth2/authorize') } : null,
    timeoutMs: upstreamTimeout(env),
    ...budgetOf(env, 'PERCH_X_UPSTREAM_BUDGET'),
  };
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]']);

function oauthSettings(env: Env): NonNullable<BlueskySettings['oauth']> | null {
  const raw = env.PERCH_PUBLIC_URL?.trim();
  if (!raw) return null;
  const wrong = `PERCH_PUBLIC_URL must be the deployment's public https origin (https://perch.example.com), or http://127.0.0.1:<port> for atproto's development client, got "${raw}"`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new StartupError(wrong);
  }
  const loopback = url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
  if ((url.protocol !== 'https:' && !loopback) || url.pathname !== '/' || url.search || url.hash || url.username) throw new StartupError(wrong);
  return { publicUrl: url.origin, loopback, plcUrl: httpUrl(env, 'PERCH_BLUESKY_PLC_URL', 'https://plc.directory') };
}

/** The deployment's platforms from PERCH_PLATFORM and PERCH_PLATFORMS, each one's settings checked. */
export function readPlatformConfig(env: Env = process.env): PlatformConfig {
  const defaultPlatform = env.PERCH_PLATFORM?.trim() ? platformName('PERCH_PLATFORM', env.PERCH_PLATFORM) : 'local';
  const listed = (env.PERCH_PLATFORMS ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)
    .map((value) => platformName('PERCH_PLATFORMS', value));
  const platforms = [...new Set([defaultPlatform, ...listed])];
  return {
    defaultPlatform,
    platforms,
    bluesky: platforms.includes('bluesky') ? blueskySettings(env) : null,
    x: platforms.includes('x') ? xSettings(env) : null,
    cacheTtlSeconds: wholeNumber(env, 'PERCH_UPSTREAM_CACHE_SECONDS', 30, 0, 86_400),
  };
}
