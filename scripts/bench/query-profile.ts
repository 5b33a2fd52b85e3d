// Where a benchmark's database time goes, in-process: wraps a pg.Pool's query() to time each
// statement (from the call to its answer, so a wait for a free connection counts in) and groups
// them by prepared-statement name or the statement's first words. Also samples how many callers
// waited for a connection. For bench-monitors.ts --profile.
import type pg from 'pg';

type Figures = { count: number; totalMs: number; samples: number[] };

const labelOf = (args: unknown[]): string => {
  const first = args[0] as string | { name?: string; text?: string };
  const text = typeof first === 'string' ? first : (first.name ?? first.text ?? '?');
  return text.replace(/\s+/g, ' ').trim().slice(0, 70);
};

export function profileQueries(pool: pg.Pool): { report(top?: number): Array<{ statement: string; count: number; total_ms: number; mean_ms: number; p95_ms: number }>; maxWaiting(): number } {
  const figures = new Map<string, Figures>();
  let maxWaiting = 0;
  const original = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  // Only the promise form is used by the code measured (no callbacks).
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const started = performance.now();
    maxWaiting = Math.max(maxWaiting, pool.waitingCount);
    const result = original(...args) as Promise<unknown>;
    const done = () => {
      const label = labelOf(args);
      const entry = figures.get(label) ?? { count: 0, totalMs: 0, samples: [] };
      const ms = performance.now() - started;
      entry.count++;
      entry.totalMs += ms;
      if (entry.samples.length < 20_000) entry.samples.push(ms);
      figures.set(label, entry);
    };
    return result.then(
      (value) => (done(), value),
      (error: unknown) => {
        done();
        throw error;
      },
    );
  };
  return {
    maxWaiting: () => maxWaiting,
    report: (top = 12) =>
      [...figures]
        .sort((a, b) => b[1].totalMs - a[1].totalMs)
        .slice(0, top)
        .map(([statement, f]) => {
          const sorted = [...f.samples].sort((a, b) => a - b);
          return { statement, count: f.count, total_ms: Math.round(f.totalMs), mean_ms: Math.round((f.totalMs / f.count) * 10) / 10, p95_ms: Math.round(sorted[Math.floor(sorted.length * 0.95)] * 10) / 10 };
        }),
  };
}
