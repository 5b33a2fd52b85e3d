import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways on narrow screens; focusable so keyboard users can scroll it too.
 * `relative` keeps visually hidden (absolutely positioned) cells inside the scroller.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="relative -mx-4 overflow-x-auto px-4 focus-visible:outline-2 focus-visible:outline-brand-500 sm:mx-0 sm:px-0">
      {children}
    </div>
  );
}

export const TABLE_CLASSES = 'w-full min-w-max border-collapse text-left text-sm';
export const TH_CLASSES = 'border-b border-slate-200 px-3 py-2 font-medium text-slate-600 dark:border-slate-800 dark:text-slate-400';
export const TD_CLASSES = 'border-b border-slate-100 px-3 py-2 dark:border-slate-800/60';
export const NUM_CLASSES = 'text-right tabular-nums';
