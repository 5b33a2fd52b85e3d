import { Card } from '@/components/ui/card';
import { loadUpstreamBudgetGauges, type UpstreamBudgetGauge } from '@/lib/admin/upstream-budgets';
import { formatNumber } from '@/lib/dashboard/format';

// The upstream request budgets on /admin: per served platform, how much of the current window
// Perch has claimed across all customers and instances, when it resets, and the calls answered
// 429 because it was spent. A server component: it loads its own figures.

const NAMES = { x: 'X', bluesky: 'Bluesky' } as const;

/** 754 → "12 min 34 s". */
function formatSeconds(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return [h ? `${h} h` : '', m ? `${m} min` : '', s || (!h && !m) ? `${s} s` : ''].filter(Boolean).join(' ');
}

function Gauge({ gauge }: { gauge: UpstreamBudgetGauge }) {
  const name = NAMES[gauge.platform];
  const budget = gauge.budget;
  if (!budget) {
    return (
      <div className="min-w-0 rounded-lg border border-slate-200 p-3 dark:border-slate-800" data-testid={`upstream-budget-${gauge.platform}`}>
        <h3 className="text-sm font-medium">{name}</h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          No budget: every call may reach {name}. Set <code>{gauge.setting}</code> (such as <code>300/15m</code>).
        </p>
      </div>
    );
  }
  const ratio = budget.limit > 0 ? budget.used / budget.limit : 0;
  const percent = Math.round(Math.min(1, ratio) * 100);
  const spent = budget.used >= budget.limit;
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 p-3 dark:border-slate-800" data-testid={`upstream-budget-${gauge.platform}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-medium">{name}</h3>
        <span className="text-xs text-slate-500 dark:text-slate-400">{budget.summary}</span>
      </div>
      <p className="mt-1 text-2xl font-semibold tabular-nums">
        {formatNumber(budget.used)} <span className="text-base font-normal text-slate-500 dark:text-slate-400">/ {formatNumber(budget.limit)}</span>
      </p>
      <div
        role="meter"
        aria-label={`${name} upstream requests this window`}
        aria-valuemin={0}
        aria-valuemax={budget.limit}
        aria-valuenow={budget.used}
        aria-valuetext={`${formatNumber(budget.used)} of ${formatNumber(budget.limit)} (${percent}%)`}
        className="mt-2 h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div className={`h-full rounded-full ${spent ? 'bg-red-600' : ratio >= 0.8 ? 'bg-amber-500' : 'bg-emerald-600'}`} style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        Resets in {formatSeconds(budget.resetsInSeconds)} · {formatNumber(budget.refused)} call{budget.refused === 1 ? '' : 's'} answered 429 this window
      </p>
    </div>
  );
}

/** A gauge per upstream platform the deployment serves; nothing when it serves only the embedded platform. */
export async function UpstreamBudgetGauges() {
  const gauges = await loadUpstreamBudgetGauges();
  if (gauges.length === 0) return null;
  return (
    <Card title="Upstream budgets">
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        Requests Perch sends upstream, all accounts and instances together (each instance claims up to 10 at a time); past the limit calls answer 429 until
        the window resets.
      </p>
      <div className="grid gap-3 md:grid-cols-2">
        {gauges.map((gauge) => (
          <Gauge key={gauge.platform} gauge={gauge} />
        ))}
      </div>
    </Card>
  );
}
