import { StartupError } from '@/lib/db/startup-error';

// The operator's request budget on an upstream platform (issue 31): at most `requests` real
// upstream requests per `windowSeconds`, across every customer and every instance. Read from
// PERCH_X_UPSTREAM_BUDGET / PERCH_BLUESKY_UPSTREAM_BUDGET ("300/15m"); unset or "off": no budget.
// Kept apart from upstream-budget.ts so that reading settings loads no database code.

export type UpstreamBudgetSettings = {
  /** Upstream requests allowed per window. */
  requests: number;
  /** The window's length; windows are aligned to the Unix epoch, so every instance agrees on them. */
  windowSeconds: number;
};

const UNIT_SECONDS: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600 };
const MAX_REQUESTS = 10_000_000;
const MAX_WINDOW_SECONDS = 86_400;

/** The budget named by `name`: "<requests>/<window>" with the window in s (default), m or h, such as 300/15m; null when unset or "off". */
export function readUpstreamBudget(env: Record<string, string | undefined>, name: string): UpstreamBudgetSettings | null {
  const raw = env[name]?.trim();
  if (!raw || raw.toLowerCase() === 'off') return null;
  const wrong = () =>
    new StartupError(`${name} must be upstream requests per window such as 300/15m (1 to ${MAX_REQUESTS} requests; a window in s, m or h of 1s to 24h; "off" for none), got "${raw}"`);
  const match = /^(\d+)\s*\/\s*(\d*)\s*([smh]?)$/i.exec(raw);
  // "60/m" is a minute, but "60/" is nothing.
  if (!match || (match[2] === '' && match[3] === '')) throw wrong();
  const requests = Number(match[1]);
  const windowSeconds = (match[2] === '' ? 1 : Number(match[2])) * UNIT_SECONDS[match[3].toLowerCase()];
  if (requests < 1 || requests > MAX_REQUESTS || windowSeconds < 1 || windowSeconds > MAX_WINDOW_SECONDS) throw wrong();
  return { requests, windowSeconds };
}

/**
 * Requests an instance claims from the shared window at a time: 10, fewer for small budgets (a
 * hundredth of the budget, at least 1), so that little of a window is ever held unspent by an
 * instance that stopped receiving calls (at most chunk − 1 requests per instance).
 */
export function budgetChunk(settings: UpstreamBudgetSettings): number {
  return Math.min(10, Math.max(1, Math.floor(settings.requests / 100)));
}

/** "300 requests per 15 min" */
export function describeBudget(settings: UpstreamBudgetSettings): string {
  const { requests, windowSeconds: s } = settings;
  const window = s % 3600 === 0 ? `${s / 3600} h` : s % 60 === 0 ? `${s / 60} min` : `${s} s`;
  return `${requests} request${requests === 1 ? '' : 's'} per ${window}`;
}
