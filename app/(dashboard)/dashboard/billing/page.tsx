import type { Metadata } from 'next';
import { LedgerTable } from '@/components/billing/ledger-table';
import { OpenHolds } from '@/components/billing/open-holds';
import { ChartFrame } from '@/components/charts/chart-frame';
import { DailyChart } from '@/components/charts/daily-chart';
import { Card, Stat } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { requireUser } from '@/lib/auth/require-user';
import { formatNumber } from '@/lib/dashboard/format';
import { getBilling } from '@/lib/dashboard/get-billing';

export const metadata: Metadata = { title: 'Billing' };

export default async function BillingPage() {
  const user = await requireUser('/dashboard/billing');
  const billing = await getBilling(user.id);
  const everZero = billing.balanceByDay.every((d) => d.balance === 0);
  return (
    <>
      <PageHeader title="Billing" description={`Your credit ledger over the last ${billing.windowDays} days (UTC).`} />
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Stat label="Balance" value={formatNumber(billing.balance)} detail="credits available now" />
        <Stat label="Granted, all time" value={formatNumber(billing.totalGranted)} detail="credits" />
        <Stat label="Used, all time" value={formatNumber(billing.totalUsed)} detail="credits" />
      </dl>
      <div className="mt-6 flex flex-col gap-6">
        <ChartFrame
          title="Balance over time"
          description="Settled balance at the end of each day: grants minus charges."
          empty={everZero && billing.ledger.length === 0}
          emptyText="No credits granted or used yet."
        >
          <DailyChart
            kind="area"
            stacked={false}
            rows={billing.balanceByDay.map((d) => ({ day: d.day, Balance: d.balance }))}
            series={['Balance']}
            yLabel="Credits"
          />
        </ChartFrame>
        <Card title="Open holds">
          <OpenHolds holds={billing.openHolds} heldTotal={billing.heldTotal} releaseSeconds={billing.holdReleaseSeconds} />
        </Card>
        <Card title="Ledger">
          <LedgerTable entries={billing.ledger} />
        </Card>
      </div>
    </>
  );
}
