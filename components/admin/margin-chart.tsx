'use client';

import { Bar, CartesianGrid, ComposedChart, Legend, Line, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { seriesColor } from '@/components/charts/palette';
import { formatMoney } from '@/lib/admin/money';
import { formatCompact, formatShortDay } from '@/lib/dashboard/format';

/** One day of the chart, in whole currency units; null where money in (and so margin) is unknown. */
export type MarginChartRow = { day: string; 'Money in': number | null; 'Upstream cost': number; Margin: number | null };

const AXIS_TICK = { fill: 'var(--chart-axis)', fontSize: 12 };
const TOOLTIP_STYLE = {
  contentStyle: { background: 'var(--chart-tooltip-bg)', border: '1px solid var(--chart-grid)', borderRadius: 8, color: 'var(--chart-tooltip-fg)', fontSize: 13 },
  labelStyle: { color: 'var(--chart-tooltip-fg)', fontWeight: 600 },
  itemStyle: { color: 'var(--chart-tooltip-fg)' },
};

/**
 * Money in and upstream cost per UTC day as bars side by side, the margin as a line over them.
 * DailyChart (components/charts) draws counts from zero up; a margin can be a loss, so this
 * axis goes below zero and marks it. Styled as DailyChart is.
 */
export function MarginChart({ rows, currency, height = 280 }: { rows: MarginChartRow[]; currency: string; height?: number }) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 24, left: 8 }}>
        <CartesianGrid stroke="var(--chart-grid)" strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="day"
          tickFormatter={formatShortDay}
          tick={AXIS_TICK}
          stroke="var(--chart-grid)"
          minTickGap={16}
          label={{ value: 'Day (UTC)', position: 'insideBottom', offset: -16, fill: 'var(--chart-axis)', fontSize: 12 }}
        />
        <YAxis
          tickFormatter={(value: number) => (Math.abs(value) >= 1 || value === 0 ? formatCompact(value) : String(Number(value.toPrecision(3))))}
          tick={AXIS_TICK}
          stroke="var(--chart-grid)"
          width={72}
          label={{ value: currency, angle: -90, position: 'insideLeft', offset: 4, fill: 'var(--chart-axis)', fontSize: 12, style: { textAnchor: 'middle' } }}
        />
        <ReferenceLine y={0} stroke="var(--chart-axis)" />
        <Tooltip
          {...TOOLTIP_STYLE}
          cursor={{ fill: 'var(--chart-cursor)', stroke: 'var(--chart-grid)' }}
          labelFormatter={(day) => `${String(day)} (UTC)`}
          formatter={(value, name) => [value === null || value === undefined ? 'unknown (no credit value)' : formatMoney(Math.round(Number(value) * 1_000_000), currency), name]}
        />
        <Legend verticalAlign="top" align="left" wrapperStyle={{ fontSize: 12, paddingBottom: 8 }} />
        <Bar dataKey="Money in" fill={seriesColor(0)} isAnimationActive={false} maxBarSize={32} />
        <Bar dataKey="Upstream cost" fill={seriesColor(1)} isAnimationActive={false} maxBarSize={32} />
        <Line dataKey="Margin" type="linear" stroke={seriesColor(2)} strokeWidth={2} dot={{ r: 2 }} connectNulls={false} isAnimationActive={false} />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
