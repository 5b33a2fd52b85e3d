export type ShutdownStep = { name: string; run: () => Promise<void> };

/**
 * Runs the shutdown steps in order, each bounded by the time left before `deadlineMs` (from
 * now): a step that hangs (a pool waiting on a database that is gone, a socket that will not
 * close) is abandoned and the next one still runs. Resolves within the deadline whatever the
 * steps do; errors and abandoned steps are logged.
 */
export async function runShutdownSteps(steps: readonly ShutdownStep[], deadlineMs: number, { perStepMs = 3000 } = {}): Promise<void> {
  const deadline = performance.now() + deadlineMs;
  for (const step of steps) {
    const left = deadline - performance.now();
    if (left <= 0) {
      console.error(`[perch] shutdown deadline reached: skipped ${step.name}`);
      continue;
    }
    // The last step gets all the time left; the others at most perStepMs, so that a hang
    // early on (often the first thing to notice a dead database) leaves time for the rest.
    const budget = step === steps.at(-1) ? left : Math.min(left, perStepMs);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), budget);
    });
    const outcome = await Promise.race([step.run().then(() => 'done' as const), timedOut]).catch((error: unknown) => {
      console.error(`[perch] during shutdown (${step.name}): ${error instanceof Error ? error.message : error}`);
      return 'failed' as const;
    });
    clearTimeout(timer);
    if (outcome === 'timeout') console.error(`[perch] shutdown: ${step.name} did not finish within ${Math.round(budget)} ms; going on`);
  }
}
