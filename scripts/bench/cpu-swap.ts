// Two servers measured side by side on a 2-core machine do not share the machine alike: the
// scheduler leaves each on a core of its own for seconds at a time, and whatever else runs
// (PostgreSQL's checkpoints, the load generator) lands on one core more than the other. In
// `npm run bench`'s observed case the same pair's third run put the first server 7 to 17 % behind
// in CPU per call in four experiments out of four, identical servers included. Pinned to one
// core each and swapped every segment, each server spends as long on each core.
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
