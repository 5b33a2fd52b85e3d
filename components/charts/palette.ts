const SLOTS = 10;

/** The color of the i-th series: CSS variables that globals.css sets for light and dark. */
export function seriesColor(index: number): string {
  return `var(--chart-${(index % SLOTS) + 1})`;
}
