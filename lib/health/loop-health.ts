// What every background loop of this process last said about itself (the LISTEN connection,
// the matcher, the job runner, the balance checker, the usage flush, …), for /api/health.
// No dependencies: any layer may report. Kept on globalThis because Next.js may load this
// module more than once.

/** How long a loop may be down before /api/health answers 503, unless it says otherwise. */
export const DEFAULT_LOOP_GRACE_MS = 10_000;

export type LoopState = {
  /** Since when (ms since the epoch) the loop has been down; null while it works. */
  downSince: number | null;
  /** Failed tries in a row (reconnects, passes) since it last worked. */
  failures: number;
  /** How long it may be down before the instance reports itself unhealthy. */
  graceMs: number;
  /** The last problem, for the log and the tests (never shown in the health answer). */
  problem: string | null;
};

type Registry = Map<string, LoopState>;
const globalForLoops = globalThis as typeof globalThis & { perchLoops?: Registry };

function registry(): Registry {
  globalForLoops.perchLoops ??= new Map();
  return globalForLoops.perchLoops;
}

function stateOf(name: string, graceMs: number | undefined): LoopState {
  let state = registry().get(name);
  if (!state) {
    state = { downSince: null, failures: 0, graceMs: graceMs ?? DEFAULT_LOOP_GRACE_MS, problem: null };
    registry().set(name, state);
  }
  if (graceMs !== undefined) state.graceMs = graceMs;
  return state;
}

/** Records that a loop works (connected, a pass succeeded); returns whether it was down before. */
export function reportLoopUp(name: string, options: { graceMs?: number } = {}): boolean {
  const state = stateOf(name, options.graceMs);
  const wasDown = state.downSince !== null;
  state.downSince = null;
  state.failures = 0;
  state.problem = null;
  return wasDown;
}

/** Records that a loop is down (its connection lost, a pass failed); returns whether it was up before. */
export function reportLoopDown(name: string, problem: unknown, options: { graceMs?: number; now?: number } = {}): boolean {
  const state = stateOf(name, options.graceMs);
  const wasUp = state.downSince === null;
  state.downSince ??= options.now ?? Date.now();
  state.failures += 1;
  state.problem = problem instanceof Error ? problem.message : String(problem);
  return wasUp;
}

/** Forgets a loop that was stopped on purpose (shutdown, tests): a stopped loop is not a failing one. */
export function forgetLoop(name: string): void {
  registry().delete(name);
}

/** A copy of one loop's state, or undefined when it does not run in this process. */
export function loopState(name: string): LoopState | undefined {
  const state = registry().get(name);
  return state && { ...state };
}

export type LoopHealth = {
  /** Each running loop: "ok", or "recovering" while it is down. */
  loops: Record<string, 'ok' | 'recovering'>;
  /** The loops down for longer than their grace. */
  failing: string[];
};

/** Every loop of this process, and which of them have been down for longer than their grace. */
export function loopHealth(now = Date.now()): LoopHealth {
  const loops: LoopHealth['loops'] = {};
  const failing: string[] = [];
  for (const [name, state] of [...registry()].sort(([a], [b]) => a.localeCompare(b))) {
    loops[name] = state.downSince === null ? 'ok' : 'recovering';
    if (state.downSince !== null && now - state.downSince > state.graceMs) failing.push(name);
  }
  return { loops, failing };
}
