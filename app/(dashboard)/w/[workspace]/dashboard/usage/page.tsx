import type { Metadata } from 'next';
import { ChartFrame } from '@/components/charts/chart-frame';
import { DailyChart } from '@/components/charts/daily-chart';
import { buttonClasses } from '@/components/ui/button-styles';
import { PageRefresh } from '@/components/dashboard/page-refresh';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { KeyUsageCharts } from '@/components/usage/key-usage-charts';
import { OperationsTable } from '@/components/usage/operations-table';
import { RangePicker } from '@/components/usage/range-picker';
import { requireWorkspace } from '@/lib/auth/require-workspace';
import { parseRange } from '@/lib/dashboard/days';
import { getUsage } from '@/lib/dashboard/get-usage';

export const metadata: Metadata = { title: 'Usage' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function UsagePage({ searchParams }: Props) {
  const range = parseRange((await searchParams).range);
  const { workspace } = await requireWorkspace('usage.view');
  const usage = await getUsage(workspace.id, range);
  const exportUrl = (kind: 'operations' | 'events') => `/api/dashboard/usage/export?range=${range}&kind=${kind}`;
  return (
    <>
      <PageHeader title="Usage" description={
          <>
            Calls and credits over the last {range} days (UTC). <PageRefresh />
          </>
        } actions={<RangePicker basePath="/dashboard/usage" current={range} />} />
      <div className="flex flex-col gap-6">
        <ChartFrame title="Credits per day by operation" empty={usage.byOperation.series.length === 0} emptyText={`No credits used in the last ${range} days.`}>
          <DailyChart kind="bar" rows={usage.byOperation.rows} series={usage.byOperation.series} yLabel="Credits" />
        </ChartFrame>
        <KeyUsageCharts keys={usage.byKey} />
        <Card
          title="By operation"
          actions={
            <div className="flex flex-wrap gap-2">
              <a href={exportUrl('operations')} download className={buttonClasses('secondary', 'px-3 py-1.5')}>
                Download table (CSV)
              </a>
              <a href={exportUrl('events')} download className={buttonClasses('secondary', 'px-3 py-1.5')}>
                Download raw events (CSV)
              </a>
            </div>
          }
        >
          <OperationsTable operations={usage.operations} />
        </Card>
      </div>
    </>
  );
}
