import { componentLogger } from '@/lib/observability/logger';
import type { Stoppable } from '@/lib/db/run-while-leader';
import { inTransaction } from '@/lib/db/transaction';
import type { EventUser } from '@/lib/delivery/event-data';
import { subscribe } from '@/lib/delivery/notifications';
import { UpstreamRateLimitedError } from '@/lib/platform/errors';
import type { XSettings } from '@/lib/platform/platform-config';
import { createXUpstream } from '@/lib/platform/x/upstream';
import { CHANNELS } from '@/lib/rules/record-matches';
import { loadActiveRules, MONITOR_RULE_KINDS, type ActiveRule } from '@/lib/rules/rule-store';
import { X_POLL_INTERVAL } from '@/lib/rules/x-poll-interval';
import { createSearchBudget, DEFAULT_X_SEARCH_BUDGET } from '@/lib/rules/x-search-budget';
import { recordMonitorEvents, type MonitorEvent } from './record-monitor-events';
import { holdPollPayment } from './x-monitor-charge';
import { graphChanges, nextGraphState, profileDiff, storedUser } from './x-monitor-diff';
import { eventUser, LOOKUP_BATCH, lookupUsers, readGraph, type PollReads, type XReader } from './x-monitor-reads';
import { forgetInactive, loadState, saveState, StateMovedError, type FollowsState, type ProfileState } from './x-monitor-state';

const log = componentLogger('realtime');

export type XMonitorOptions = {
  /** X requests allowed per 15 minutes, shared with the tweet rules' source (PERCH_X_SEARCH_BUDGET_PER_15_MIN). */
  budgetPer15Min?: number;
  /** The length of a second of intervals, backoffs and the budget's window (1,000; tests shrink it). */
  secondMs?: number;
};

/** The longest backoff of a failing monitor, in seconds. */
const MAX_BACKOFF = 300;

type Poll = { rule: ActiveRule; dueAt: number; failures: number };

class Stopped extends Error {}

/** X requests one poll of the rule makes at least: a page per direction, an ask per 100 profiles. */
function requestsPerPoll(rule: ActiveRule): number {
  if (rule.kind === 'follows') return rule.direction === 'both' ? 2 : 1;
  return Math.max(1, Math.ceil(rule.account_ids.length / LOOKUP_BATCH));
}

/** A poll's diff: its events and what to store for the next one. */
type Diff = { events: MonitorEvent[]; subject: string; state: unknown; read: Awaited<ReturnType<typeof loadState>> };

/** A follows rule: each direction's list against the last one; the accounts that left looked up (≤ 100 an ask). */
async function diffFollows(rule: ActiveRule, reader: XReader, pollMs: number): Promise<Diff> {
  const monitoredId = rule.account_ids[0];
  const read = await loadState<FollowsState>(rule.id);
  // A rule replaced to watch another account starts from a new baseline.
  const previous = read?.subject === monitoredId ? read.state : null;
  const directions = rule.direction === 'both' ? (['followers', 'following'] as const) : ([rule.direction ?? 'followers'] as const);
  const state: FollowsState = {};
  const found: Array<{ direction: 'followers' | 'following'; change: 'added' | 'removed'; id: string; user: EventUser | null }> = [];
  for (const direction of directions) {
    const { users, truncated } = await readGraph(reader, monitoredId, direction);
    const before = previous?.[direction];
    state[direction] = nextGraphState(before ?? {}, users, truncated);
    // The first poll of a direction is its baseline: nothing is sent.
    if (!before) continue;
    const { added, removed } = graphChanges(before, users, truncated);
    for (const user of added) found.push({ direction, change: 'added', id: user.id, user });
    for (const id of removed) found.push({ direction, change: 'removed', id, user: storedUser(id, before[id]) });
  }
  if (found.length === 0) return { events: [], subject: monitoredId, state, read };
  // The monitored account's record as X has it now, and those who left (their list entry is gone).
  const wanted = [monitoredId, ...found.filter((f) => f.change === 'removed').map((f) => f.id)];
  const { users } = await lookupUsers(reader, wanted);
  const asEventUser = (id: string, known: EventUser | null): EventUser => {
    const user = users.get(id);
    return user ? eventUser(user.id, user.username, user.name) : (known ?? { id, username: id, name: null, profile_url: null });
  };
  const monitored = asEventUser(monitoredId, eventUser(monitoredId, rule.accounts[0], null));
  const events: MonitorEvent[] = found.map((f) => {
    const other = asEventUser(f.id, f.user);
    const data = {
      monitor: { username: monitored.username, direction: f.direction },
      follower: f.direction === 'followers' ? other : monitored,
      followed: f.direction === 'followers' ? monitored : other,
    };
    const key = `x:${pollMs}:${f.id}:${f.direction === 'following' ? 'following:' : ''}${f.change}`;
    return f.change === 'added' ? { rule_id: rule.id, event: 'follow.added', event_key: key, data } : { rule_id: rule.id, event: 'follow.removed', event_key: key, data };
  });
  return { events, subject: monitoredId, state, read };
}

/** A profile rule: the users lookup of its accounts against what the last poll saw. */
async function diffProfiles(rule: ActiveRule, reader: XReader, pollMs: number): Promise<Diff> {
  const read = await loadState<ProfileState>(rule.id);
  const { users, gone } = await lookupUsers(reader, rule.account_ids);
  const { events, state } = profileDiff(rule.id, pollMs, rule.account_ids, read?.state ?? null, users, gone);
  return { events, subject: 'profile', state, read };
}

/**
 * The X source of account monitors: while any follows or profile rule watches X, polls X for each
 * at the rule's interval (the follower/following lists or the users lookup), diffs what X answers
 * against the last poll's state in PostgreSQL, charges the poll's reads to the rule's workspace
 * and records the events and the new state in one transaction: a restart, a crash or another
 * instance taking over repeats and loses nothing (the state moves with the events, over the
 * version it was read at). Requests come out of the same budget as the tweet rules' polls and
 * every interval is stretched evenly when together they would exceed it.
 */
export function startXMonitorSource(settings: XSettings, options: XMonitorOptions = {}): Stoppable {
  const secondMs = options.secondMs ?? 1000;
  const budget = createSearchBudget(options.budgetPer15Min ?? DEFAULT_X_SEARCH_BUDGET, secondMs, 'monitors');
  // No upstream cache: a poll must see what X has now.
  const upstream = createXUpstream(settings, null);
  let polls = new Map<string, Poll>();
  let stale = true;
  let stopped = false;
  let limitedUntil = 0;
  let wake: (() => void) | null = null;
  let lastProblem = '';

  const report = (problem: string) => {
    if (problem !== lastProblem) log.error({ platform: 'x' }, `x monitors: ${problem}`);
    lastProblem = problem;
  };

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

  const intervalMs = (rule: ActiveRule) => (rule.interval_seconds ?? X_POLL_INTERVAL.default) * budget.currentStretch() * secondMs;

  // Each request waits for a slot of the shared budget and for X's reset after a 429.
  const gate = async () => {
    for (let at = Math.max(budget.nextSlot(), limitedUntil); at > Date.now(); at = Math.max(budget.nextSlot(), limitedUntil)) {
      if (stopped) throw new Stopped();
      await sleep(at - Date.now());
    }
    if (stopped) throw new Stopped();
    budget.take();
  };

  const refresh = async () => {
    const rules = await loadActiveRules('x', MONITOR_RULE_KINDS);
    await forgetInactive(rules.map((rule) => rule.id));
    budget.stretch(
      rules.map((rule) => rule.interval_seconds ?? X_POLL_INTERVAL.default),
      rules.map(requestsPerPoll),
    );
    const now = Date.now();
    const next = new Map<string, Poll>();
    for (const rule of rules) {
      const known = polls.get(rule.id);
      // A new monitor's first poll (its baseline) comes at once.
      next.set(rule.id, { rule, dueAt: known?.dueAt ?? now, failures: known?.failures ?? 0 });
    }
    if (next.size !== polls.size) log.info({ platform: 'x', monitors: next.size }, `x monitors: polling ${next.size} monitors`);
    polls = next;
  };

  const poll = async ({ rule }: Poll) => {
    const started = Date.now();
    const pollMs = started;
    const reads: PollReads = new Map();
    const reader: XReader = { upstream, gate, reads };
    const diff = rule.kind === 'follows' ? await diffFollows(rule, reader, pollMs) : await diffProfiles(rule, reader, pollMs);
    const payment = await holdPollPayment({ ruleId: rule.id, userId: rule.user_id, keyId: rule.key_id }, pollMs, reads);
    // The workspace cannot pay: its rules paused (the change of rules reloads them), nothing stored.
    if (!payment) return;
    try {
      await inTransaction(async (client) => {
        await saveState(client, rule.id, diff.read, diff.subject, diff.state);
        await recordMonitorEvents(client, diff.events);
      });
    } catch (error) {
      await payment.release(Date.now() - started);
      throw error;
    }
    await payment.settle(Date.now() - started);
  };

  const pollOnce = async (p: Poll) => {
    try {
      await poll(p);
      p.failures = 0;
      p.dueAt = Date.now() + intervalMs(p.rule);
      lastProblem = '';
    } catch (error) {
      if (error instanceof Stopped) return;
      if (error instanceof UpstreamRateLimitedError) {
        limitedUntil = Date.now() + error.retryAfterSeconds * 1000;
        report(`X rate-limits the monitors' reads: waiting ${error.retryAfterSeconds} s for its reset`);
        return;
      }
      if (error instanceof StateMovedError) {
        p.dueAt = Date.now() + intervalMs(p.rule);
        log.warn({ platform: 'x', rule_id: p.rule.id }, error.message);
        return;
      }
      p.failures += 1;
      const backoff = Math.min(2 ** (p.failures - 1), MAX_BACKOFF) * secondMs;
      p.dueAt = Date.now() + Math.max(backoff, Math.min(intervalMs(p.rule), MAX_BACKOFF * secondMs));
      report(`polling monitor ${p.rule.id} failed, trying again later: ${(error as Error).message}`);
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
          report(`loading monitors failed, retrying: ${(error as Error).message}`);
          await sleep(refreshDelay);
          refreshDelay = Math.min(refreshDelay * 2, 30_000);
          continue;
        }
      }
      let next: Poll | null = null;
      for (const p of polls.values()) if (next === null || p.dueAt < next.dueAt) next = p;
      if (next === null) {
        await sleep(3600_000);
        continue;
      }
      const at = Math.max(next.dueAt, limitedUntil);
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
  const running = listening.then(run, (error: Error) => {
    report(`listening for rule changes failed: ${error.message}`);
    return run();
  });

  return {
    async stop() {
      stopped = true;
      wake?.();
      (await listening.catch(() => null))?.();
      // A poll under way commits (or not); the next start diffs against what was stored.
      await running;
    },
  };
}
