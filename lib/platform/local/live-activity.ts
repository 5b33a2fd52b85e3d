import { componentLogger } from '@/lib/observability/logger';
import { isDatabaseUnavailable } from '@/lib/db/database-unavailable';
import { Rng } from '@/lib/platform/seed/prng';
import { drawEventKind, runLiveEvent, type LiveContext } from './live/events';
import { HotTags } from './live/hot-tags';
import { TargetPicker, type PlatformState } from './live/targets';
import { wakeableSleep } from '@/lib/db/wakeable-sleep';

const log = componentLogger('live');

export type LiveActivityOptions = {
  /** Average events per second (PERCH_LIVE_RATE); arrivals are random, as real ones are. */
  ratePerSecond: number;
  /** Makes the sequence of choices repeatable. */
  seed?: number;
};

export type LiveActivity = { stop(): Promise<void> };

// Pools of popular users and recent tweets go stale as activity moves on.
const REFRESH_MS = 15_000;
// With no users (or a seed running), look again now and then, quietly.
const IDLE_MS = 5_000;
// Behind schedule by more than this (a slow database), skip ahead instead of bursting.
const MAX_LAG_MS = 1_000;
// While the database is down, wait this long before trying again, doubling up to the cap.
const OUTAGE_FIRST_WAIT_MS = 1_000;
const OUTAGE_MAX_WAIT_MS = 30_000;

const WAITING_MESSAGE: Record<Exclude<PlatformState, 'ready'>, string> = {
  'no-users': 'the platform has no users: live activity waits until it has some',
  seeding: 'the platform is being seeded: live activity waits until the seed completes',
};

/**
 * Starts posting tweets, replies and quotes, liking, retweeting and following in the
 * background through the write functions, at `ratePerSecond` events per second on average.
 * Never throws: failures are logged once per kind and the loop goes on. `stop()` resolves
 * once the event in flight has finished.
 */
export function startLiveActivity(options: LiveActivityOptions): LiveActivity {
  const rate = options.ratePerSecond;
  if (!Number.isFinite(rate) || rate <= 0) {
    log.info({ rate }, `rate ${rate}/s: live activity is off`);
    return { stop: async () => {} };
  }
  const rng = new Rng(options.seed ?? Math.floor(Math.random() * 2 ** 32));
  const context: LiveContext = { rng, picker: new TargetPicker(rng), tags: new HotTags(rng) };
  const logged = new Set<string>();
  let stopped = false;

  const { sleep, wake } = wakeableSleep();

  const logOnce = (kind: string, error: unknown) => {
    const code = (error as { code?: unknown }).code;
    const key = `${kind}:${error instanceof Error ? error.name : typeof error}:${typeof code === 'string' ? code : ''}`;
    if (logged.has(key)) return;
    logged.add(key);
    const message = error instanceof Error ? error.message : String(error);
    log.error({ kind }, `${kind} failed: ${message} (further ${kind} failures like it are not logged)`);
  };

  // Returns whether the platform is ready; the first wait of each kind is logged once.
  const refresh = async (): Promise<boolean> => {
    const state = await context.picker.refresh();
    if (state === 'ready') return true;
    if (!logged.has(state)) log.info(WAITING_MESSAGE[state]);
    logged.add(state);
    return false;
  };

  // During a database outage the loop backs off instead of failing at its full rate: one line
  // when it pauses, one when it resumes.
  let outageWaitMs = 0;
  const waitOutOutage = async (error: unknown): Promise<boolean> => {
    if (!isDatabaseUnavailable(error)) return false;
    if (outageWaitMs === 0) log.error('the database is unavailable: live activity pauses until it is back');
    outageWaitMs = Math.min(OUTAGE_MAX_WAIT_MS, outageWaitMs === 0 ? OUTAGE_FIRST_WAIT_MS : outageWaitMs * 2);
    await sleep(outageWaitMs);
    return true;
  };
  const outageOver = () => {
    if (outageWaitMs > 0) log.info('the database is back: live activity resumes');
    outageWaitMs = 0;
  };

  const loop = async () => {
    let refreshedAt = -Infinity;
    let due = performance.now();
    while (!stopped) {
      if (performance.now() - refreshedAt >= REFRESH_MS) {
        let failure: unknown;
        const ready = await refresh().catch((error: unknown) => ((failure = error), false));
        if (failure !== undefined && (await waitOutOutage(failure))) continue;
        if (failure !== undefined) logOnce('refresh', failure);
        if (!ready) {
          await sleep(IDLE_MS);
          continue;
        }
        refreshedAt = performance.now();
      }
      const kind = drawEventKind(rng);
      let failure: unknown;
      await runLiveEvent(kind, context).then(outageOver, (error: unknown) => (failure = error));
      if (failure !== undefined) {
        if (await waitOutOutage(failure)) {
          due = performance.now();
          continue;
        }
        logOnce(kind, failure);
      }
      // Exponential gaps make a Poisson stream: bursts and lulls around the average rate.
      due = Math.max(due + rng.exponential(1000 / rate), performance.now() - MAX_LAG_MS);
      const wait = due - performance.now();
      if (wait > 0 && !stopped) await sleep(wait);
    }
  };

  const running = loop().catch((error: unknown) => logOnce('loop', error));
  return {
    stop: async () => {
      stopped = true;
      wake();
      await running;
    },
  };
}
