// How busy the machine was while a benchmark ran: its figures mean little on a machine shared
// with other work unless they say so. Reads /proc (Linux); elsewhere the figures are NaN.
import fs from 'node:fs';
import os from 'node:os';

function cpuTicks(): { busy: number; total: number } | null {
  try {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    // idle + iowait are not busy.
    return { busy: total - fields[3] - (fields[4] ?? 0), total };
  } catch {
    return null;
  }
}

export type MachineLoad = { cores: number; cpu_busy_pct: number; load1_mean: number; load1_max: number; bench_process_cpu_pct: number };

/** Samples the 1-minute load average every `intervalMs` and the machine's and this process's CPU over the whole span. */
export function sampleMachineLoad(intervalMs = 2_000): { stop(): MachineLoad } {
  const startTicks = cpuTicks();
  const startCpu = process.cpuUsage();
  const startAt = performance.now();
  const loads: number[] = [os.loadavg()[0]];
  const timer = setInterval(() => loads.push(os.loadavg()[0]), intervalMs);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      const endTicks = cpuTicks();
      const cpu = process.cpuUsage(startCpu);
      const elapsedUs = (performance.now() - startAt) * 1000;
      const round = (n: number) => Math.round(n * 10) / 10;
      return {
        cores: os.cpus().length,
        cpu_busy_pct: startTicks && endTicks ? round((100 * (endTicks.busy - startTicks.busy)) / Math.max(1, endTicks.total - startTicks.total)) : NaN,
        load1_mean: round(loads.reduce((a, b) => a + b, 0) / loads.length),
        load1_max: round(Math.max(...loads)),
        // Of one core: 100 = one core busy for the whole span.
        bench_process_cpu_pct: round((100 * (cpu.user + cpu.system)) / elapsedUs),
      };
    },
  };
}
