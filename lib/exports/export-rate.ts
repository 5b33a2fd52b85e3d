// Items per second and the time left of a running export, from its item counts as the page
// sees them over time (polling GET /v2/exports), until its event stream says so itself.

export type RateSample = { at: number; items: number };

// Long enough to smooth page-sized steps, short enough to follow a pause or a speed-up.
const WINDOW_MS = 30_000;

/**
 * The samples within the window before `sample`, with it added, and always one before it to
 * measure against (a long gap between polls measures over the gap). A count that went down
 * starts over.
 */
export function addSample(samples: readonly RateSample[], sample: RateSample): RateSample[] {
  const last = samples[samples.length - 1];
  if (last && sample.items < last.items) return [sample];
  const recent = samples.filter((s) => sample.at - s.at <= WINDOW_MS);
  const anchor = recent.length === 0 && last ? [last] : [];
  return [...anchor, ...recent, sample];
}

/** Items per second over the samples, null until two samples a second apart exist. */
export function itemsPerSecond(samples: readonly RateSample[]): number | null {
  if (samples.length < 2) return null;
  const first = samples[0];
  const last = samples[samples.length - 1];
  const seconds = (last.at - first.at) / 1000;
  if (seconds < 1) return null;
  return (last.items - first.items) / seconds;
}

/** Seconds left to reach `total` at `rate`, null when either is unknown or nothing moves. */
export function etaSeconds(items: number, total: number | null, rate: number | null): number | null {
  if (total === null || rate === null || rate <= 0) return null;
  return Math.max(0, (total - items) / rate);
}
