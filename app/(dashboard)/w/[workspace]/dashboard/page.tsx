import type { Metadata } from 'next';
import Link from 'next/link';
import { ChartFrame } from '@/components/charts/chart-frame';
import { DailyChart } from '@/components/charts/daily-chart';
import { PageRefresh } from '@/components/dashboard/page-refresh';
import { RecentRequests } from '@/components/overview/recent-requests';
import { buttonClasses } from '@/components/ui/button-styles';
import { Card, Stat } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { requireWorkspace } from '@/lib/auth/require-workspace';
import { formatDate, formatNumber, formatPercent } from '@/lib/dashboard/format';
import { getOverview } from '@/lib/dashboard/get-overview';
import { getRecentRequests } from '@/lib/dashboard/get-recent-requests';

export const metadata: Metadata = { title: 'Overview' };

export default async function OverviewPage() {
  const { workspace } = await requireWorkspace('usage.view');
  const [overview, recent] = await Promise.all([getOverview(workspace.id), getRecentRequests(workspace.id)]);
  const hasUsage = overview.creditsByTag.series.length > 0;
  return (
    <>
      <PageHeader
        title="Overview"
        description={
          <>
            Your credits and calls. Days are UTC. <PageRefresh />
          </>
        }
        actions={
          <Link href="/dashboard/keys" className={buttonClasses('primary')}>
            Manage API keys
          </Link>
        }
      />
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        <Stat label="Balance" value={formatNumber(overview.balance)} detail="credits available" />
        <Stat label="Used today" value={formatNumber(overview.creditsToday)} detail="credits" />
        <Stat label="Used, 7 days" value={formatNumber(overview.credits7d)} detail="credits" />
        <Stat label="Used, 30 days" value={formatNumber(overview.credits30d)} detail="credits" />
        <Stat label="Requests, 30 days" value={formatNumber(overview.requests30d)} detail={`${formatNumber(overview.errors30d)} ${overview.errors30d === 1 ? 'error' : 'errors'}`} />
        <Stat label="Error rate, 30 days" value={formatPercent(overview.errorRate30d)} detail="status 400 and above" />
      </dl>
      <div className="mt-6">
        <ChartFrame
          title="Credits per day by operation tag, last 30 days"
          empty={!hasUsage}
          emptyText="No credits used in the last 30 days. Calls you make with a key show up here."
        >
          <DailyChart kind="bar" rows={overview.creditsByTag.rows} series={overview.creditsByTag.series} yLabel="Credits" />
        </ChartFrame>
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Card title="Recent requests" className="lg:col-span-2">
          <RecentRequests requests={recent} />
        </Card>
        <Card title="Latest grants">
          {overview.grants.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">No credits granted yet.</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {overview.grants.map((grant) => (
                <li key={`${grant.createdAt}-${grant.reason}`} className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="min-w-0">
                    <span className="block truncate font-medium">{grant.reason}</span>
                    <span className="text-xs text-slate-500 dark:text-slate-400">{formatDate(grant.createdAt)}</span>
                  </span>
                  <span className="shrink-0 font-semibold tabular-nums text-emerald-700 dark:text-emerald-400">+{formatNumber(grant.amount)}</span>
                </li>
              ))}
            </ul>
          )}
          <Link href="/dashboard/billing" className="mt-4 inline-block text-sm font-medium text-brand-700 hover:underline dark:text-brand-500">
            Full ledger
          </Link>
        </Card>
      </div>
    </>
  );
}
