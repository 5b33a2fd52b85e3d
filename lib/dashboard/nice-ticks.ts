/**
 * Round y-axis ticks from 0 to at least `max`: about `count` steps of 1, 2, 2.5 or 5 times a
 * power of ten (0, 250, 500, 750, 1,000 rather than 0, 357, 714, …). Whole numbers only.
 */
export function niceTicks(max: number, count = 4): number[] {
  if (!Number.isFinite(max) || max <= 0) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough)!);
  const wholeStep = Number.isInteger(step) ? step : Math.ceil(step);
  const top = Math.ceil(max / wholeStep) * wholeStep;
  return Array.from({ length: Math.round(top / wholeStep) + 1 }, (_, i) => i * wholeStep);
}
