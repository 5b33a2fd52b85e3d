import type { Metadata } from 'next';
import { BuyCredits } from '@/components/billing/buy-credits';
import { LedgerTable } from '@/components/billing/ledger-table';
import { OpenHolds } from '@/components/billing/open-holds';
import { WorkspaceBudgets } from '@/components/billing/workspace-budgets';
import { ChartFrame } from '@/components/charts/chart-frame';
import { DailyChart } from '@/components/charts/daily-chart';
import { Card, Stat } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { ThresholdForm } from '@/components/alerts/threshold-form';
import { FormAlert } from '@/components/ui/form-alert';
import { getBalanceStatus } from '@/lib/alerts/balance-alert';
import { timeZoneNames } from '@/lib/budgets/time-zones';
import { getWorkspaceBudgets } from '@/lib/budgets/workspace-budgets';
import { requireWorkspace } from '@/lib/auth/require-workspace';
import { can } from '@/lib/workspaces/roles';
import { readStripeConfig } from '@/lib/billing/stripe-config';
import { formatNumber } from '@/lib/dashboard/format';
import { getBilling } from '@/lib/dashboard/get-billing';

export const metadata: Metadata = { title: 'Billing' };

const CHECKOUT_MESSAGES: Record<string, { tone: 'success' | 'error'; text: string }> = {
  success: { tone: 'success', text: 'Payment received. Your credits appear here as soon as Stripe confirms it, usually within seconds: reload to see them.' },
  cancelled: { tone: 'error', text: 'The checkout was cancelled; nothing was charged.' },
};

export default async function BillingPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { workspace, role } = await requireWorkspace('billing.view');
  const billing = await getBilling(workspace.id);
  const stripe = readStripeConfig();
  const balanceStatus = await getBalanceStatus(workspace.id);
  const budgets = await getWorkspaceBudgets(workspace.id);
  const checkout = CHECKOUT_MESSAGES[String((await searchParams).checkout ?? '')];
  const manage = can(role, 'billing.manage');
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
        {checkout ? <FormAlert tone={checkout.tone} message={checkout.text} /> : null}
        <Card title="Buy credits">
          {stripe && !manage ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-300">Owners and billing members of the workspace buy credits.</p>
          ) : stripe ? (
            <BuyCredits packs={stripe.packs} currency={stripe.currency} />
          ) : (
            <p className="text-sm text-zinc-600 dark:text-zinc-300" data-testid="credits-granted-by">
              This deployment does not sell credits online: its administrators grant them (on the Admin page, or with{' '}
              <code>npm run admin -- grant-credits</code>). Ask the person who runs it.
            </p>
          )}
        </Card>
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
        <Card title="Low-balance alert">
          {manage ? <ThresholdForm initial={balanceStatus} /> : <p className="text-sm text-zinc-600 dark:text-zinc-300">Warns below {balanceStatus.threshold.toLocaleString('en-US')} credits. Owners and billing members change it.</p>}
        </Card>
        {budgets ? (
          <Card title="Budgets">
            <WorkspaceBudgets initial={budgets} timeZones={timeZoneNames()} canManage={manage} />
          </Card>
        ) : null}
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
