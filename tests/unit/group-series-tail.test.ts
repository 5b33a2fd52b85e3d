import { describe, expect, it } from 'vitest';
import { groupSeriesTail } from '@/lib/dashboard/group-series-tail';
import { pivotSeries } from '@/lib/dashboard/pivot-series';

// Issue 27, item 7: Usage's chart repeated colors past ten operations. Past the palette's
// slots the smallest series become one "Other (N)", the day totals unchanged.

describe('groupSeriesTail', () => {
  const days = ['2026-11-25', '2026-11-26'];
  const points = Array.from({ length: 13 }, (_, i) => [
    { day: days[0], series: `op${String(i).padStart(2, '0')}`, value: 100 - i },
    { day: days[1], series: `op${String(i).padStart(2, '0')}`, value: 1 },
  ]).flat();

  it('keeps the largest series and sums the rest per day', () => {
    const grouped = groupSeriesTail(pivotSeries(points, days), 10);
    expect(grouped.series).toHaveLength(10);
    expect(new Set(grouped.series).size).toBe(10);
    expect(grouped.series.slice(0, 9)).toEqual(['op00', 'op01', 'op02', 'op03', 'op04', 'op05', 'op06', 'op07', 'op08']);
    expect(grouped.series[9]).toBe('Other (4)');
    expect(grouped.rows[0]['Other (4)']).toBe(91 + 90 + 89 + 88);
    expect(grouped.rows[1]['Other (4)']).toBe(4);
    const total = (row: Record<string, unknown>) => Object.entries(row).reduce((sum, [k, v]) => (k === 'day' ? sum : sum + Number(v)), 0);
    expect(grouped.rows.map(total)).toEqual(pivotSeries(points, days).rows.map(total));
  });

  it('leaves ten or fewer series as they are', () => {
    const few = pivotSeries(points.filter((p) => p.series < 'op10'), days);
    expect(groupSeriesTail(few, 10)).toBe(few);
  });
});
