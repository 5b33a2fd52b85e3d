'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { BalanceStatus } from '@/lib/alerts/balance-alert';
import { BALANCE_STATUS_QUERY } from './balance-status-query';

/** Shown on every dashboard page while the balance is below the account's alert threshold. */
export function LowBalanceBanner({ initial }: { initial: BalanceStatus }) {
  const { data } = useQuery({ ...BALANCE_STATUS_QUERY, initialData: initial });
  if (!data.low) return null;
  return (
    <div role="alert" data-testid="low-balance-banner" className="mb-6 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
      <span>
        Your balance is <strong className="tabular-nums">{data.balance.toLocaleString('en-US')}</strong> credits, below your alert threshold of{' '}
        <span className="tabular-nums">{data.threshold.toLocaleString('en-US')}</span>. Calls are refused once it cannot cover them.
      </span>
      <Link href="/dashboard/billing" className="font-medium underline underline-offset-2">
        Add credits or change the alert
      </Link>
    </div>
  );
}
