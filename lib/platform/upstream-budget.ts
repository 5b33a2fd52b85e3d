import { componentLogger } from '@/lib/observability/logger';
import { getPool } from '@/lib/db/pool';
import type { Queryable } from '@/lib/db/queryable';
import { UpstreamRateLimitedError } from './errors';
import { budgetChunk, describeBudget, type UpstreamBudgetSettings } from './upstream-budget-settings';

const log = componentLogger('budget');

// The operator's request budget on an upstream (issue 31), spent by every customer on every
// instance: a real upstream request spends one (a cached read nothing), and once the window is
// spent calls answer 429 with Retry-After until it ends, before the upstream is asked, so one
// customer's burst cannot get the operator's credentials or IP blocked.
//
// Shared without a round trip per request: each window is a row of upstream_budgets from which
// an instance claims a chunk (budgetChunk: up to 10) in one UPDATE that never lets `used` pass
// the limit, then spends it in memory. Bounds, per window:
// - Upstream requests never exceed the limit: every request spent was claimed, and claims are
//   capped by the row (a CHECK as well).
// - A 429 may come while up to (chunk − 1) × instances requests are still held unspent by
//   instances that stopped receiving calls (an instance refuses only once its own share is gone).
// - Windows follow each instance's clock: with clocks s seconds apart, two windows' requests
//   may overlap by s seconds.

export type UpstreamBudget = {
  readonly platform: BudgetedPlatform;
  readonly settings: UpstreamBudgetSettings;
  /** Spends one upstream request, or throws UpstreamRateLimitedError when the window is spent. */
  spend(): Promise<void>;
  /** Writes the 429s not yet counted in the database (done by itself within a second). */
  flush(): Promise<void>;
};

export type BudgetedPlatform = 'x' | 'bluesky';

const LABELS: Record<BudgetedPlatform, string> = { x: 'X', bluesky: 'Bluesky' };

export type UpstreamBudgetOptions = {
  /** Where the window rows are (the process pool by default). */
  db?: () => Queryable;
  /** The clock windows are read from (tests move it). */
  now?: () => number;
  /** Requests claimed at a time (budgetChunk by default). */
  chunk?: number;
};

/** The start of the window `now` falls in: windows are aligned to the Unix epoch. */
export function windowStartOf(now: number, windowSeconds: number): number {
  const ms = windowSeconds * 1000;
  return Math.floor(now / ms) * ms;
}

// used + the claim never passes the limit. `last_claim` tells the claimer what it got when
// fewer than it asked for were left (PostgreSQL 15 has no RETURNING old).
const CLAIM = `
UPDATE upstream_budgets
   SET used = used + LEAST($5::int, $4::int - used), last_claim = LEAST($5::int, $4::int - used), limit_requests = $4, updated_at = now()
 WHERE platform = $1 AND window_seconds = $2 AND window_start = $3 AND used < $4
RETURNING last_claim AS granted`;

const OPEN = `
INSERT INTO upstream_budgets (platform, window_seconds, window_start, window_end, limit_requests, used, last_claim)
VALUES ($1, $2, $3, $6, $4, LEAST($5::int, $4::int), LEAST($5::int, $4::int))
ON CONFLICT DO NOTHING
RETURNING last_claim AS granted`;

// Old windows are of no use to anyone: the instance that opens a window clears the last day's.
const PRUNE = `DELETE FROM upstream_budgets WHERE platform = $1 AND window_end < now() - interval '1 day'`;

const REFUSED = `UPDATE upstream_budgets SET refused = refused + $4 WHERE platform = $1 AND window_seconds = $2 AND window_start = $3`;

/** This instance's share of a platform's budget. */
export function createUpstreamBudget(platform: BudgetedPlatform, settings: UpstreamBudgetSettings, options: UpstreamBudgetOptions = {}): UpstreamBudget {
  const db = options.db ?? getPool;
  const now = options.now ?? Date.now;
  const chunk = options.chunk ?? budgetChunk(settings);
  const windowMs = settings.windowSeconds * 1000;
  // The window this instance is spending: what it holds, whether the row exists, whether it is spent.
  let window = { start: -1, left: 0, opened: false, spent: false };
  let claiming: Promise<void> | null = null;
  // 429s per window start not yet added to the row.
  const refusals = new Map<number, number>();
  let flushTimer: NodeJS.Timeout | null = null;

  async function claim(current: typeof window): Promise<void> {
    const start = new Date(current.start);
    const params = [platform, settings.windowSeconds, start, settings.requests, chunk];
    let granted = 0;
    if (!current.opened) {
      const opened = await db().query<{ granted: number }>(OPEN, [...params, new Date(current.start + windowMs)]);
      current.opened = true;
      if (opened.rows.length > 0) {
        granted = opened.rows[0].granted;
        await db().query(PRUNE, [platform]);
      }
    }
    if (granted === 0) {
      const claimed = await db().query<{ granted: number }>(CLAIM, params);
      granted = claimed.rows[0]?.granted ?? 0;
    }
    if (granted > 0) current.left += granted;
    else current.spent = true;
  }

  function refuse(start: number, at: number): never {
    refusals.set(start, (refusals.get(start) ?? 0) + 1);
    flushTimer ??= setTimeout(() => void flush().catch((error: unknown) => log.error({ platform, err: error }, `${platform}: could not count 429s: ${(error as Error).message}`)), 1000).unref();
    const seconds = Math.max(1, Math.ceil((start + windowMs - at) / 1000));
    throw new UpstreamRateLimitedError(
      `Perch's request budget on ${LABELS[platform]} (${describeBudget(settings)}) is spent for this window: retry after ${seconds} s`,
      seconds,
    );
  }

  async function flush(): Promise<void> {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = null;
    const pending = [...refusals];
    refusals.clear();
    for (const [start, count] of pending) await db().query(REFUSED, [platform, settings.windowSeconds, new Date(start), count]);
  }

  return {
    platform,
    settings,
    flush,
    async spend() {
      for (;;) {
        const at = now();
        const start = windowStartOf(at, settings.windowSeconds);
        // A new window: what was held of the last one is gone with it.
        if (window.start !== start) window = { start, left: 0, opened: false, spent: false };
        if (window.left > 0) {
          window.left -= 1;
          return;
        }
        if (window.spent) refuse(start, at);
        // One claim at a time per instance: concurrent callers wait for it, then try again.
        const current = window;
        claiming ??= claim(current).finally(() => {
          claiming = null;
        });
        await claiming;
      }
    },
  };
}
