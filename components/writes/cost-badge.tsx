import { WRITE_COST } from './write-cost';

/** The small "100 cr" tag beside a write control; the control's label says it in words. */
export function CostBadge() {
  return (
    <span aria-hidden="true" className="rounded bg-slate-100 px-1.5 py-0.5 text-[11px] font-medium tabular-nums text-slate-600 dark:bg-slate-800 dark:text-slate-300">
      {WRITE_COST} cr
    </span>
  );
}
