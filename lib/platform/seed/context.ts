import type { ProgressReporter } from './progress';
import type { ScaleConfig } from './scales';

/** What every generation step shares: the seed, the sizes, the time window and the progress sink. */
export type SeedContext = {
  seed: number;
  config: ScaleConfig;
  /** The moment the generated activity ends at, in epoch milliseconds. */
  anchorMs: number;
  /** The start of the activity window. */
  windowStartMs: number;
  progress: ProgressReporter;
};
