import type { Metadata } from 'next';
import Link from 'next/link';
import { MarginChart } from '@/components/admin/margin-chart';
import { MarginFiltersForm } from '@/components/admin/margin-filters-form';
import { MarginNotes } from '@/components/admin/margin-notes';
import { MarginStats } from '@/components/admin/margin-stats';
import { MarginTable } from '@/components/admin/margin-table';
import { ChartFrame } from '@/components/charts/chart-frame';
import { DailyChart } from '@/components/charts/daily-chart';
import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { PageHeader } from '@/components/ui/page-header';
import { MarginFilterError, parseMarginFilters, type MarginFilters } from '@/lib/admin/margin-filters';
import { getMarginReport } from '@/lib/admin/margin-report';
import { ROUTED_OPERATIONS } from '@/lib/api/registry';
import { requireAdmin } from '@/lib/auth/require-user';
import { formatNumber } from '@/lib/dashboard/format';
import { toSearchParams, type PageSearchParams } from '@/lib/dashboard/page-search-params';
import { PLATFORM_NAMES } from '@/lib/platform/platform';

export const metadata: Metadata = { title: 'Margin' };

type Props = { searchParams: Promise<PageSearchParams> };

// Calls recorded before usage kept its platform are filed under 'unknown'.
const PLATFORMS = [...PLATFORM_NAMES, 'unknown'] as const;
const OPERATION_IDS = [...new Set(ROUTED_OPERATIONS.map((operation) => operation.id))].sort();
const LINK = 'text-brand-700 underline-offset-2 hover:underline dark:text-brand-400';

/** This page with `change` applied to its filters: rows link to their own report. */
function hrefWith(filters: MarginFilters, change: Partial<MarginFilters>): string {
  const next = { ...filters, ...change };
  const params = new URLSearchParams();
  for (const name of ['from', 'to', 'platform', 'operation', 'workspace'] as const) if (next[name]) params.set(name, next[name]);
  return `/admin/margin?${params}`;
}

export default async function MarginPage({ searchParams }: Props) {
  await requireAdmin();
  const params = toSearchParams(await searchParams);
  let filters: MarginFilters;
  let refused: string | null = null;
  try {
    filters = parseMarginFilters(params);
  } catch (error) {
    if (!(error instanceof MarginFilterError)) throw error;
    refused = error.message;
    filters = parseMarginFilters(new URLSearchParams());
  }
  let report = null;
  try {
    report = await getMarginReport(filters);
  } catch (error) {
    if (!(error instanceof MarginFilterError)) throw error;
    refused = error.message;
  }
  const currency = report?.currency ?? 'USD';
  return (
    <>
      <PageHeader
        title="Margin"
        description={`Credits sold, what they brought in and what the calls cost upstream, ${filters.from} to ${filters.to} (UTC).`}
        actions={
          <div className="flex gap-4 text-sm font-medium">
            <Link href="/admin/prices" className={LINK}>
              Prices and costs
            </Link>
            <Link href="/admin" className={LINK}>
              Admin
            </Link>
          </div>
        }
      />
      <div className="flex flex-col gap-6">
        <MarginFiltersForm filters={filters} platforms={PLATFORMS} operations={OPERATION_IDS} />
        <FormAlert message={refused} />
        {report && <MarginNotes creditValue={report.creditValue} unvaluedCredits={report.totals.unvaluedCredits} />}
        {report && report.totals.calls === 0 && (
          <Card title="Nothing recorded">
            <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="margin-empty">
              No calls were recorded from {filters.from} to {filters.to}
              {filters.platform || filters.operation || filters.workspace ? ' with these filters' : ''}: there is no margin to show.
            </p>
          </Card>
        )}
        {report && report.totals.calls > 0 && (
          <>
            <MarginStats totals={report.totals} currency={currency} />
            <div className="grid gap-6 xl:grid-cols-2">
              <ChartFrame title="Credits sold per day" empty={report.totals.credits === 0} emptyText="No credits were sold in this range.">
                <DailyChart kind="bar" rows={report.byDay.map((day) => ({ day: day.day, 'Credits sold': day.credits }))} series={['Credits sold']} yLabel="Credits" />
              </ChartFrame>
              <ChartFrame
                title="Money in, upstream cost and margin per day"
                description={report.creditValue ? undefined : 'Without a credit value money in is unknown: only the upstream cost is drawn.'}
                empty={false}
                emptyText=""
              >
                <MarginChart
                  currency={currency}
                  rows={report.byDay.map((day) => ({
                    day: day.day,
                    'Money in': day.moneyInMicros === null ? null : day.moneyInMicros / 1_000_000,
                    'Upstream cost': day.upstreamCostMicros / 1_000_000,
                    Margin: day.marginMicros === null ? null : day.marginMicros / 1_000_000,
                  }))}
                />
              </ChartFrame>
            </div>
            <Card title="By platform">
              <MarginTable
                label="Margin by platform"
                heads={['Platform']}
                currency={currency}
                rows={report.byPlatform.map((row) => ({
                  key: row.platform,
                  cells: [
                    <Link key="platform" href={hrefWith(filters, { platform: row.platform })} className={LINK}>
                      {row.platform}
                    </Link>,
                  ],
                  figures: row,
                }))}
              />
            </Card>
            <Card title="By operation">
              <MarginTable
                label="Margin by operation"
                heads={['Operation', 'Platform']}
                currency={currency}
                rows={report.byOperation.map((row) => ({
                  key: `${row.platform}|${row.operation}`,
                  cells: [
                    <Link key="operation" href={hrefWith(filters, { operation: row.operation, platform: row.platform })} className={`${LINK} font-mono text-xs`}>
                      {row.operation}
                    </Link>,
                    row.platform,
                  ],
                  figures: row,
                }))}
              />
            </Card>
            <Card title="By account">
              <MarginTable
                label="Margin by account"
                heads={['Account', 'Slug']}
                currency={currency}
                rows={report.byAccount.map((row) => ({
                  key: row.workspaceId,
                  cells: [
                    <Link key="account" href={hrefWith(filters, { workspace: row.workspaceId })} className={LINK}>
                      {row.name ?? row.workspaceId}
                      {row.deleted ? ' (deleted)' : ''}
                    </Link>,
                    <span key="slug" className="font-mono text-xs">
                      {row.slug ?? '—'}
                    </span>,
                  ],
                  figures: row,
                }))}
              />
              {report.accounts > report.byAccount.length && (
                <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">
                  The {report.byAccount.length} accounts that bought the most credits, of {formatNumber(report.accounts)}.
                </p>
              )}
            </Card>
          </>
        )}
      </div>
    </>
  );
}
