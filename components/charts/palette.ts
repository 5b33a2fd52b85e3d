/** Distinct colors (globals.css --chart-1…10): a chart never draws more series than this (the tail is grouped). */
export const SERIES_SLOTS = 10;

/** The color of the i-th series: CSS variables that globals.css sets for light and dark. */
export function seriesColor(index: number): string {
  return `var(--chart-${(index % SERIES_SLOTS) + 1})`;
}
