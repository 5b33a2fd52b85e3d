import Link from 'next/link';
import type { CreditValueNow } from '@/lib/admin/margin-report';
import { formatMicros } from '@/lib/admin/margin-format';
import { formatDateTime, formatNumber } from '@/lib/dashboard/format';

const NOTE = 'rounded-lg border px-3 py-2 text-sm';
const WARN = `${NOTE} border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200`;
const INFO = `${NOTE} border-slate-200 bg-white text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300`;
const LINK = 'font-medium underline underline-offset-2';

/**
 * What money in rests on: the credit value in force, or why money in (and so the margin)
 * cannot be computed, with the way to the price list where the value is set.
 */
export function MarginNotes({ creditValue, unvaluedCredits }: { creditValue: CreditValueNow | null; unvaluedCredits: number }) {
  if (!creditValue) {
    return (
      <p role="note" className={WARN} data-testid="margin-no-credit-value">
        No credit value is set: money in and margin cannot be computed, only the upstream cost. Say what a credit is worth on the{' '}
        <Link href="/admin/prices" className={LINK}>
          price list (/admin/prices)
        </Link>
        .
      </p>
    );
  }
  return (
    <>
      <p role="note" className={INFO}>
        A credit is worth {formatMicros(creditValue.microsPerCredit, creditValue.currency)} since {formatDateTime(creditValue.effectiveFrom)}; each day&apos;s credits are valued at
        the value in force at that day&apos;s end (
        <Link href="/admin/prices" className={LINK}>
          prices and costs
        </Link>
        ).
      </p>
      {unvaluedCredits > 0 && (
        <p role="note" className={WARN} data-testid="margin-unvalued">
          {formatNumber(unvaluedCredits)} credits in this range were sold on days before any credit value took effect: money in and margin are unknown where they count
          (shown as —). Narrow the range, or set a credit value from an earlier date on the{' '}
          <Link href="/admin/prices" className={LINK}>
            price list
          </Link>
          .
        </p>
      )}
    </>
  );
}
