'use client';

import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCompact, formatNumber, formatShortDay } from '@/lib/dashboard/format';
import { niceTicks } from '@/lib/dashboard/nice-ticks';
import type { SeriesRow } from '@/lib/dashboard/pivot-series';
import { groupSeriesTail } from '@/lib/dashboard/group-series-tail';
import { SERIES_SLOTS, seriesColor } from './palette';

type DailyChartProps = {
  rows: SeriesRow[];
  series: string[];
  kind: 'bar' | 'area';
  /** Stack the series (totals per day read off the top); unstacked areas overlap. */
  stacked?: boolean;
  yLabel: string;
  unit?: string;
  height?: number;
  /** Small multiples: no legend, fewer ticks. */
  compact?: boolean;
};

const AXIS_TICK = { fill: 'var(--chart-axis)', fontSize: 12 };
const TOOLTIP_STYLE = {
  contentStyle: { background: 'var(--chart-tooltip-bg)', border: '1px solid var(--chart-grid)', borderRadius: 8, color: 'var(--chart-tooltip-fg)', fontSize: 13 },
  labelStyle: { color: 'var(--chart-tooltip-fg)', fontWeight: 600 },
  itemStyle: { color: 'var(--chart-tooltip-fg)' },
};

/**
 * Values per UTC day, as bars or step areas (a day's value holds for the whole day: a smoothed
 * line would draw a ramp into the day before), stacked by series, with round y ticks, labelled
 * axes, a legend (even for one series) and a tooltip.
 */
export function DailyChart({ rows: allRows, series: allSeries, kind, stacked = true, yLabel, unit = 'credits', height = 280, compact = false }: DailyChartProps) {
  // One color per series: past the palette's slots the smallest series are summed as "Other".
  const { rows, series } = groupSeriesTail({ rows: allRows, series: allSeries }, SERIES_SLOTS);
  const Chart = kind === 'bar' ? BarChart : AreaChart;
  const margin = { top: 8, right: 8, bottom: 24, left: 8 };
  const dayValues = rows.map((row) => series.map((name) => Number(row[name] ?? 0)));
  const max = Math.max(0, ...dayValues.map((values) => (stacked ? values.reduce((a, b) => a + b, 0) : Math.max(0, ...values))));
  const ticks = niceTicks(max);
  return (
    <ResponsiveContainer width="100%" height={height}>
      <Chart data={rows} margin={margin}>
        <CartesianGrid stroke="var(--chart-grid)" strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="day"
          tickFormatter={formatShortDay}
          tick={AXIS_TICK}
          stroke="var(--chart-grid)"
          minTickGap={compact ? 24 : 16}
          label={{ value: 'Day (UTC)', position: 'insideBottom', offset: -16, fill: 'var(--chart-axis)', fontSize: 12 }}
        />
        <YAxis
          tickFormatter={formatCompact}
          tick={AXIS_TICK}
          stroke="var(--chart-grid)"
          width={60}
          allowDecimals={false}
          ticks={ticks}
          domain={[0, ticks[ticks.length - 1]]}
          interval={0}
          label={{ value: yLabel, angle: -90, position: 'insideLeft', offset: 4, fill: 'var(--chart-axis)', fontSize: 12, style: { textAnchor: 'middle' } }}
        />
        <Tooltip
          {...TOOLTIP_STYLE}
          cursor={{ fill: 'var(--chart-cursor)', stroke: 'var(--chart-grid)' }}
          labelFormatter={(day) => `${String(day)} (UTC)`}
          formatter={(value, name) => [`${formatNumber(Number(value))} ${unit}`, name]}
        />
        {!compact && series.length > 0 && <Legend verticalAlign="top" align="left" wrapperStyle={{ fontSize: 12, paddingBottom: 8 }} />}
        {series.map((name, i) =>
          kind === 'bar' ? (
            <Bar key={name} dataKey={name} stackId={stacked ? 'total' : undefined} fill={seriesColor(i)} isAnimationActive={false} maxBarSize={48} />
          ) : (
            <Area
              key={name}
              dataKey={name}
              type="step"
              stackId={stacked ? 'total' : undefined}
              stroke={seriesColor(i)}
              fill={seriesColor(i)}
              fillOpacity={0.35}
              isAnimationActive={false}
            />
          ),
        )}
      </Chart>
    </ResponsiveContainer>
  );
}
