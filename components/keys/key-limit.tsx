import { formatNumber } from '@/lib/dashboard/format';
import type { KeySummary } from '@/lib/dashboard/list-keys';

// A default search (20 tweets at 15 credits) holds 300: below that, most calls will be refused.
const LOW_REMAINING = 300;

/** What the key's spending limit still allows: "none" without a limit, a warning when nearly used up. */
export function KeyRemaining({ apiKey }: { apiKey: KeySummary }) {
  if (apiKey.creditsRemaining === null) return <span className="text-slate-500 dark:text-slate-400">no limit</span>;
  const low = apiKey.creditsRemaining < LOW_REMAINING;
  return (
    <span className={low ? 'font-medium text-amber-800 dark:text-amber-300' : undefined} title={low ? 'Less than a default search (300 credits) left' : undefined}>
      {formatNumber(apiKey.creditsRemaining)}
    </span>
  );
}

/** "1,234 of 5,000" or "1,234 (no limit)", and under it each budget: "today 36 of 500 · this month 36 of 2,000". */
export function KeySpend({ apiKey }: { apiKey: KeySummary }) {
  const day = apiKey.budgets?.day;
  const month = apiKey.budgets?.month;
  const budgets = [
    day && day.budget !== null ? { label: 'today', ...day, budget: day.budget } : null,
    month && month.budget !== null ? { label: 'this month', ...month, budget: month.budget } : null,
  ].filter((budget) => budget !== null);
  return (
    <>
      {formatNumber(apiKey.creditsSpent)}
      <span className="text-slate-500 dark:text-slate-400">{apiKey.creditLimit === null ? '' : ` of ${formatNumber(apiKey.creditLimit)}`}</span>
      {budgets.length > 0 ? (
        <span className="block text-xs text-slate-500 dark:text-slate-400">
          {budgets.map((budget, i) => (
            <span key={budget.label} title={`Resets ${new Date(budget.resetsAt).toLocaleString()}`} className={budget.spent >= budget.budget ? 'font-medium text-amber-800 dark:text-amber-300' : undefined}>
              {i > 0 ? ' · ' : ''}
              {budget.label} {formatNumber(budget.spent)} of {formatNumber(budget.budget)}
            </span>
          ))}
        </span>
      ) : null}
    </>
  );
}
