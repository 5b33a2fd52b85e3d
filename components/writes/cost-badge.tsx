/** The small "100 cr" tag beside a write control (its price for the workspace); the control's label says it in words. */
export function CostBadge({ credits }: { credits: number }) {
  return (
    <span aria-hidden="true" className="rounded bg-slate-100 px-1.5 py-0.5 text-[11px] font-medium tabular-nums text-slate-600 dark:bg-slate-800 dark:text-slate-300">
      {credits.toLocaleString('en-US')} cr
    </span>
  );
}
