import { componentLogger } from '@/lib/observability/logger';

const log = componentLogger('perch');

export type ShutdownStep = { name: string; run: () => Promise<void> };

/**
 * Runs the shutdown steps in order, each bounded by the time left before `deadlineMs` (from
 * now): a step that hangs (a pool waiting on a database that is gone, a socket that will not
 * close) is abandoned and the next one still runs. Resolves within the deadline whatever the
 * steps do; errors and abandoned steps are logged.
 */
export async function runShutdownSteps(steps: readonly ShutdownStep[], deadlineMs: number, { perStepMs = 1500, reserveLastMs = 3000 } = {}): Promise<void> {
  const deadline = performance.now() + deadlineMs;
  for (const step of steps) {
    const last = step === steps.at(-1);
    // The last step (stopping the database) gets all the time left and keeps `reserveLastMs`
    // for itself; the others at most perStepMs each, so that hangs early on (often the first
    // things to notice a dead database) leave time for the rest.
    const left = deadline - performance.now() - (last ? 0 : Math.min(reserveLastMs, deadlineMs / 3));
    if (left <= 0) {
      log.error({ step: step.name }, `shutdown deadline reached: skipped ${step.name}`);
      continue;
    }
    const budget = last ? left : Math.min(left, perStepMs);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), budget);
    });
    const outcome = await Promise.race([step.run().then(() => 'done' as const), timedOut]).catch((error: unknown) => {
      log.error({ step: step.name, err: error }, `during shutdown (${step.name}): ${error instanceof Error ? error.message : error}`);
      return 'failed' as const;
    });
    clearTimeout(timer);
    if (outcome === 'timeout') log.warn({ step: step.name, budget_ms: Math.round(budget) }, `shutdown: ${step.name} did not finish within ${Math.round(budget)} ms; going on`);
  }
}
