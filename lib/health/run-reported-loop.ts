import { componentLogger } from '@/lib/observability/logger';
import { forgetLoop, reportLoopDown, reportLoopUp } from './loop-health';

export type ReportedLoop = {
  /** The loop's name in /api/health. */
  name: string;
  /** One pass; a rejection (the database gone) marks the loop down until a pass succeeds. */
  pass: () => Promise<unknown>;
  intervalMs: number;
  /** Log records of component `tag`: `<recovered>` when passes work again, `<failed>: <problem>` once per distinct problem. */
  log: { tag: string; recovered: string; failed: string };
};

/**
 * Runs `pass` every interval (never two at once) until the returned stop is called, reporting
 * each outcome to /api/health with a grace of three intervals (at least 10 s): a timer that keeps
 * firing through an outage is what lets the loop heal by itself.
 */
export function runReportedLoop({ name, pass, intervalMs, log }: ReportedLoop): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  let lastProblem = '';
  const graceMs = Math.max(10_000, 3 * intervalMs);
  const timer = setInterval(() => {
    if (running) return;
    running = pass()
      .then(() => {
        if (reportLoopUp(name, { graceMs })) componentLogger(log.tag).info({ loop: name }, log.recovered);
        lastProblem = '';
      })
      .catch((error: Error) => {
        reportLoopDown(name, error, { graceMs });
        if (error.message !== lastProblem) componentLogger(log.tag).error({ loop: name }, `${log.failed}: ${error.message}`);
        lastProblem = error.message;
      })
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
    forgetLoop(name);
  };
}
