'use client';

import { ChartFrame } from '@/components/charts/chart-frame';
import { DailyChart } from '@/components/charts/daily-chart';
import { formatNumber } from '@/lib/dashboard/format';
import { CHART_DAYS, FOLLOW_SERIES } from '@/lib/dashboard/monitor-timeline';
import type { SeriesRow } from '@/lib/dashboard/pivot-series';

function total(rows: SeriesRow[], series: string): number {
  return rows.reduce((sum, row) => sum + Number(row[series] ?? 0), 0);
}

/** A follows monitor's follows and unfollows per UTC day, side by side, with the totals in words. */
export function FollowsChart({ rows }: { rows: SeriesRow[] }) {
  const [follows, unfollows] = FOLLOW_SERIES.map((series) => total(rows, series));
  return (
    <ChartFrame
      title="Follows and unfollows per day"
      headingLevel="h3"
      description={`Last ${CHART_DAYS} days: ${formatNumber(follows)} ${follows === 1 ? 'follow' : 'follows'}, ${formatNumber(unfollows)} ${unfollows === 1 ? 'unfollow' : 'unfollows'}.`}
      empty={follows + unfollows === 0}
      emptyText={`No follows or unfollows in the last ${CHART_DAYS} days.`}
    >
      <DailyChart rows={rows} series={[...FOLLOW_SERIES]} kind="bar" stacked={false} yLabel="Events" unit="" height={200} />
    </ChartFrame>
  );
}
