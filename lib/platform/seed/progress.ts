/** Where a seed run is: the phase, and how far through it. */
export type SeedProgress = { phase: string; done: number; total: number };

/**
 * Turns per-row ticks into at most a few hundred reports per phase, and is the place a run
 * stops: an aborted signal (or a throwing callback) surfaces here as an exception in the
 * middle of generation, which rolls the whole transaction back.
 */
export class ProgressReporter {
  private phase = '';
  private total = 0;
  private step = 1;
  private next = 0;

  constructor(
    private readonly onProgress?: (progress: SeedProgress) => void,
    private readonly signal?: AbortSignal,
  ) {}

  start(phase: string, total: number): void {
    this.phase = phase;
    this.total = total;
    this.step = Math.max(1, Math.floor(total / 200));
    this.next = 0;
    this.report(0);
  }

  tick(done: number): void {
    if (done >= this.next) this.report(done);
  }

  finish(): void {
    this.report(this.total);
  }

  private report(done: number): void {
    this.next = done + this.step;
    this.signal?.throwIfAborted();
    this.onProgress?.({ phase: this.phase, done: Math.min(done, this.total), total: this.total });
  }
}
