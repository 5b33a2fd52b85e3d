// A process's resident memory (VmRSS of /proc/<pid>/status), sampled while a benchmark runs.
import fs from 'node:fs';

/** VmRSS of `pid` in MB, or NaN when the process is gone. */
export function rssMb(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

export type RssSampler = { before: number; stop(): { before: number; peak: number; last: number } };

/** Samples `pid`'s RSS every `intervalMs` until stopped: what it was at the start, its peak, and its last reading. */
export function sampleRss(pid: number, intervalMs = 100): RssSampler {
  const before = rssMb(pid);
  let peak = before;
  let last = before;
  const timer = setInterval(() => {
    const now = rssMb(pid);
    if (Number.isNaN(now)) return;
    last = now;
    if (now > peak) peak = now;
  }, intervalMs);
  return {
    before,
    stop: () => {
      clearInterval(timer);
      const now = rssMb(pid);
      if (!Number.isNaN(now)) last = now;
      return { before, peak: Math.max(peak, last), last };
    },
  };
}
