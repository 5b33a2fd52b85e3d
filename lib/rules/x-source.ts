import { componentLogger } from '@/lib/observability/logger';
import type { Stoppable } from '@/lib/db/run-while-leader';
import { subscribe } from '@/lib/delivery/notifications';
import { UpstreamRateLimitedError } from '@/lib/platform/errors';
import { inTransaction } from '@/lib/db/transaction';
import type { XSettings } from '@/lib/platform/platform-config';
import type { Tweet } from '@/lib/platform/types';
import { postFields } from '@/lib/platform/x/fields';
import { tweetsOf } from '@/lib/platform/x/lookups';
import { isXId } from '@/lib/platform/x/trusted';
import { createXUpstream } from '@/lib/platform/x/upstream';
import { CHANNELS, recordMatches, type FoundMatch } from './record-matches';
import { loadActiveRules, type ActiveRule } from './rule-store';
import { X_POLL_INTERVAL } from './x-poll-interval';
import { saveSinceId, syncPositions, type PolledQuery } from './x-positions';
import { xAccountQueries, xRuleQuery } from './x-rule-query';
import { createSearchBudget, DEFAULT_X_SEARCH_BUDGET } from './x-search-budget';

const log = componentLogger('realtime');

export type XSourceOptions = {
  /** Recent search requests allowed per 15 minutes (PERCH_X_SEARCH_BUDGET_PER_15_MIN). */
  budgetPer15Min?: number;
  /** The length of a second of intervals, backoffs and the budget's window (1,000; tests shrink it). */
  secondMs?: number;
};

/** One X query of a rule, polled on its own schedule from its own position. */
type Poll = PolledQuery & {
  intervalSeconds: number;
  /** Whether a tweet X found is the rule's: a query rule's since:/until: dates, an account rule's authors. */
  keeps: (tweet: Tweet) => boolean;
  sinceId: string | null;
  startedAt: Date;
  dueAt: number;
  failures: number;
};

type Wanted = Pick<Poll, 'ruleId' | 'query' | 'intervalSeconds' | 'keeps'>;

/** Pages of one poll; X answers at most 100 tweets a page. */
const PAGE = 100;
/** X's recent search reaches 7 days back: an older start_time is refused. */
const SEARCH_WINDOW_MS = 7 * 24 * 3600_000 - 60_000;
/** The longest backoff of a failing query, in seconds. */
const MAX_BACKOFF = 300;

const keyOf = (q: PolledQuery) => `${q.ruleId}\n${q.query}`;

function wantedOf(rule: ActiveRule): Wanted[] {
  const intervalSeconds = rule.interval_seconds ?? X_POLL_INTERVAL.default;
  if (rule.kind === 'accounts') {
    const authors = new Set(rule.account_ids);
    return xAccountQueries(rule.account_ids).map((query) => ({ ruleId: rule.id, query, intervalSeconds, keeps: (tweet: Tweet) => authors.has(tweet.author_id) }));
  }
  const { query, since, until } = xRuleQuery(rule.query ?? '');
  // Past its until: nothing new can match: X is not asked.
  if (until !== null && until <= new Date().toISOString().slice(0, 10)) return [];
  const keeps = (tweet: Tweet) => {
    const day = tweet.created_at.slice(0, 10);
    return (since === null || day >= since) && (until === null || day < until);
  };
  return [{ ruleId: rule.id, query, intervalSeconds, keeps }];
}

/** X's start_time: whole seconds, and within recent search's 7 days. */
function startTime(startedAt: Date): string {
  const time = Math.max(startedAt.getTime(), Date.now() - SEARCH_WINDOW_MS);
  return new Date(Math.floor(time / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

const newer = (a: string | null, b: string) => (a === null || BigInt(b) > BigInt(a) ? b : a);

/**
 * The X source: while any rule watches X, polls X's recent search for each rule's X queries
 * at the rule's interval, stretched evenly for all when they would together exceed the search
 * budget, and records what it finds through the same path as every platform's matches. Each
 * query's since_id moves only in the transaction recording its matches, so a restart, a
 * 429 (waited out until X's reset) or a failure (backed off) loses nothing, and a tweet found
 * twice is recorded once. Started by one instance only (leader election), as the budget is
 * the deployment's.
 */
export function startXSource(settings: XSettings, options: XSourceOptions = {}): Stoppable {
  const secondMs = options.secondMs ?? 1000;
  const budget = createSearchBudget(options.budgetPer15Min ?? DEFAULT_X_SEARCH_BUDGET, secondMs);
  // No upstream cache: a poll must see what X has now.
  const upstream = createXUpstream(settings, null);
  let polls = new Map<string, Poll>();
  let stretch = 1;
  let stale = true;
  let stopped = false;
  let limitedUntil = 0;
  let wake: (() => void) | null = null;
  let lastProblem = '';

  const report = (problem: string) => {
    if (problem !== lastProblem) log.error({ platform: 'x' }, `x: ${problem}`);
    lastProblem = problem;
  };

  // Woken early by rule changes and stop().
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      wake = done;
    });

  const intervalMs = (poll: Wanted) => poll.intervalSeconds * stretch * secondMs;

  // Runs inside the loop only, never beside a poll: a poll's bookkeeping is not overwritten.
  const refresh = async () => {
    const wanted = (await loadActiveRules('x')).flatMap((rule) => {
      try {
        return wantedOf(rule);
      } catch (error) {
        // Rules are checked for X when created on it; one stored before that check may not pass.
        report(`rule ${rule.id} cannot be asked of X, left out: ${(error as Error).message}`);
        return [];
      }
    });
    const positions = new Map((await syncPositions(wanted)).map((position) => [keyOf(position), position]));
    stretch = budget.stretch(wanted.map((w) => w.intervalSeconds));
    const now = Date.now();
    const next = new Map<string, Poll>();
    for (const w of wanted) {
      const position = positions.get(keyOf(w));
      if (!position) continue;
      const known = polls.get(keyOf(w));
      // A new query's first poll falls somewhere in its interval: rules created together spread out.
      const dueAt = known?.dueAt ?? now + Math.random() * intervalMs(w);
      next.set(keyOf(w), { ...w, sinceId: position.sinceId, startedAt: position.startedAt, dueAt, failures: known?.failures ?? 0 });
    }
    if (next.size !== polls.size) log.info({ platform: 'x', queries: next.size }, `x: polling ${next.size} queries${stretch > 1 ? `, every interval ×${stretch.toFixed(2)} to stay within ${options.budgetPer15Min ?? DEFAULT_X_SEARCH_BUDGET} searches per 15 min` : ''}`);
    polls = next;
  };

  // Every page since the position, then the matches and the new position in one transaction.
  const poll = async (p: Poll) => {
    const found: FoundMatch[] = [];
    let newest: string | null = null;
    let token: string | undefined;
    do {
      // Woken early (a rule change), the budget is asked again.
      for (let slot = budget.nextSlot(); slot > Date.now() && !stopped; slot = budget.nextSlot()) await sleep(slot - Date.now());
      if (stopped) return;
      budget.take();
      const position = p.sinceId === null ? { startTime: startTime(p.startedAt) } : { sinceId: p.sinceId };
      const page = token;
      const answer = await upstream.read('realtime.searchRecent', [p.query, position, page], null, (x) =>
        x.posts.searchRecent(p.query, { ...postFields(), maxResults: PAGE, sortOrder: 'recency', ...position, nextToken: page }),
      );
      // The position moves past every post X gave, even one left out of the matches (trusted.ts).
      for (const post of answer.data ?? []) if (isXId(post.id)) newest = newer(newest, post.id);
      for (const tweet of await tweetsOf(upstream, answer)) if (p.keeps(tweet)) found.push({ rule_id: p.ruleId, tweet_id: tweet.id, tweet });
      token = answer.meta?.nextToken;
    } while (token);
    await inTransaction(async (client) => {
      await recordMatches(client, found);
      if (newest !== null) await saveSinceId(client, p, newest);
    });
    p.sinceId = newest ?? p.sinceId;
  };

  const pollOnce = async (p: Poll) => {
    try {
      await poll(p);
      p.failures = 0;
      p.dueAt = Date.now() + intervalMs(p);
      lastProblem = '';
    } catch (error) {
      // X's limit is the app's: every query waits for the reset, and this one goes first then.
      if (error instanceof UpstreamRateLimitedError) {
        limitedUntil = Date.now() + error.retryAfterSeconds * 1000;
        report(`X rate-limits recent search: waiting ${error.retryAfterSeconds} s for its reset`);
        return;
      }
      p.failures += 1;
      const backoff = Math.min(2 ** (p.failures - 1), MAX_BACKOFF) * secondMs;
      p.dueAt = Date.now() + Math.max(backoff, Math.min(intervalMs(p), MAX_BACKOFF * secondMs));
      report(`polling rule ${p.ruleId} failed, trying again later: ${(error as Error).message}`);
    }
  };

  const run = async () => {
    let refreshDelay = 1_000;
    while (!stopped) {
      if (stale) {
        stale = false;
        try {
          await refresh();
          refreshDelay = 1_000;
        } catch (error) {
          stale = true;
          report(`loading rules failed, retrying: ${(error as Error).message}`);
          await sleep(refreshDelay);
          refreshDelay = Math.min(refreshDelay * 2, 30_000);
          continue;
        }
      }
      let next: Poll | null = null;
      for (const p of polls.values()) if (next === null || p.dueAt < next.dueAt) next = p;
      // With no rule on X nothing is asked of X; a rule change wakes the loop.
      if (next === null) {
        await sleep(3600_000);
        continue;
      }
      const at = Math.max(next.dueAt, limitedUntil, budget.nextSlot());
      if (at > Date.now()) {
        await sleep(at - Date.now());
        continue;
      }
      await pollOnce(next);
    }
  };

  const listening = subscribe(CHANNELS.rules, () => {
    stale = true;
    wake?.();
  });
  // Rules are loaded once the listener is up, so none created meanwhile goes unseen.
  const running = listening.then(run, (error: Error) => {
    report(`listening for rule changes failed: ${error.message}`);
    return run();
  });

  return {
    async stop() {
      stopped = true;
      wake?.();
      (await listening.catch(() => null))?.();
      // A poll under way commits (or not); the next start polls again from the stored position.
      await running;
    },
  };
}
