/** One chart row: a day and a value per series (0 where a series had nothing that day). */
export type SeriesRow = { day: string } & Record<string, number | string>;
export type DailySeries = { rows: SeriesRow[]; series: string[] };

/**
 * Turns (day, series, value) triples into one row per day for a stacked chart. Days without
 * data get zeros; series are ordered by their total, largest first, so the legend leads with
 * what matters. Series that add up to nothing (free calls on a credits chart) are left out.
 */
export function pivotSeries(points: ReadonlyArray<{ day: string; series: string; value: number }>, days: readonly string[]): DailySeries {
  const totals = new Map<string, number>();
  const byDay = new Map<string, Map<string, number>>();
  for (const { day, series, value } of points) {
    totals.set(series, (totals.get(series) ?? 0) + value);
    const row = byDay.get(day) ?? new Map<string, number>();
    row.set(series, (row.get(series) ?? 0) + value);
    byDay.set(day, row);
  }
  const series = [...totals.entries()]
    .filter(([, total]) => total !== 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([name]) => name);
  const rows = days.map((day) => {
    const values = byDay.get(day);
    const row: SeriesRow = { day };
    for (const name of series) row[name] = values?.get(name) ?? 0;
    return row;
  });
  return { rows, series };
}
