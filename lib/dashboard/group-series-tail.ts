import type { DailySeries, SeriesRow } from './pivot-series';

/**
 * At most `slots` series: the first `slots - 1` (pivotSeries orders them largest first) and
 * one "Other (N)" summing the rest per day, so a chart with one color per slot never shows two
 * series in the same color (createTweet and getCommunity were both orange with 11+ series).
 */
export function groupSeriesTail(data: DailySeries, slots: number): DailySeries {
  if (data.series.length <= slots) return data;
  const kept = data.series.slice(0, slots - 1);
  const tail = data.series.slice(slots - 1);
  const other = `Other (${tail.length})`;
  const rows = data.rows.map((row) => {
    const grouped: SeriesRow = { day: row.day };
    for (const name of kept) grouped[name] = row[name];
    grouped[other] = tail.reduce((sum, name) => sum + Number(row[name] ?? 0), 0);
    return grouped;
  });
  return { rows, series: [...kept, other] };
}
