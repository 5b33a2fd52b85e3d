// Two servers measured side by side on a 2-core machine need not share the machine alike: the
// scheduler may leave each on a core of its own for seconds at a time, and whatever else runs
// (PostgreSQL, the load generator) may land on one core more than on the other. Pinned to one
// core each and swapped every segment, each server spends as long on each core. What this
// alone bought is not shown: identical servers loaded as fast as they answer came out 0.96;
// held at one rate, pinned and swapped, 0.97 (each pair 0.95 to 0.98, the first side always
// behind); with the load generator's order alternated as well, 1.00 (0.92 to 1.05 per pair).
import { execFileSync } from 'node:child_process';
import os from 'node:os';

/** Pins every thread of `pid` to `cpu`. */
function pin(pid: number, cpu: string): void {
  execFileSync('taskset', ['--all-tasks', '--pid', '--cpu-list', cpu, String(pid)], { stdio: 'ignore' });
}

/**
 * Pins `first` to core 0 and `second` to core 1, swaps them every `segmentMs`, and hands both
 * back to every core when stopped. Does nothing on a machine of one core or without taskset.
 */
export function swapCores(first: number, second: number, segmentMs: number): { stop(): void } {
  const cores = os.cpus().length;
  if (cores < 2) return { stop: () => undefined };
  let swapped = false;
  const place = () => {
    pin(first, swapped ? '1' : '0');
    pin(second, swapped ? '0' : '1');
  };
  try {
    place();
  } catch {
    // No taskset (util-linux) here: the servers stay where the scheduler puts them.
    return { stop: () => undefined };
  }
  const timer = setInterval(() => {
    swapped = !swapped;
    place();
  }, segmentMs);
  return {
    stop() {
      clearInterval(timer);
      const all = `0-${cores - 1}`;
      for (const pid of [first, second]) {
        try {
          pin(pid, all);
        } catch {
          // The process has ended.
        }
      }
    },
  };
}
