// Open streams share the process's pg pool with every /v2 call, the dashboard and the workers.
// A burst of stream work (many streams opening at once, or every stream catching up after the
// LISTEN connection came back) would otherwise check out every connection of the pool and make
// ordinary calls wait behind it. Stream queries take turns instead: at most a quarter of the
// pool (PERCH_DB_POOL_SIZE, 20 by default: 5) runs stream work at once; the rest waits here,
// in memory, in arrival order.

type Turns = { running: number; waiting: Array<() => void> };
const globalForTurns = globalThis as typeof globalThis & { perchStreamTurns?: Turns };

/** How many stream queries may hold pool connections at once. */
export function streamDatabaseConcurrency(): number {
  return Math.max(2, Math.floor(Number(process.env.PERCH_DB_POOL_SIZE || 20) / 4));
}

/** Runs `work` (stream queries) when a turn is free, so that streams never hold more than their share of the pool. */
export async function inStreamDatabaseTurn<T>(work: () => Promise<T>): Promise<T> {
  const turns = (globalForTurns.perchStreamTurns ??= { running: 0, waiting: [] });
  if (turns.running >= streamDatabaseConcurrency()) await new Promise<void>((resolve) => turns.waiting.push(resolve));
  else turns.running += 1;
  try {
    return await work();
  } finally {
    // The turn passes straight to the next in line (running stays the same), or is given back.
    const next = turns.waiting.shift();
    if (next) next();
    else turns.running -= 1;
  }
}
