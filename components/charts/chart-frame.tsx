import { useId, type ReactNode } from 'react';

type ChartFrameProps = { title: string; description?: string; empty: boolean; emptyText: string; children: ReactNode; headingLevel?: 'h2' | 'h3' };

/**
 * A chart's figure: its caption names it (for people and for getByRole('figure')), and with
 * no data it shows why there is nothing to draw instead of an empty grid. It clips: a tooltip
 * left where the pointer was must not widen the page after a resize.
 */
export function ChartFrame({ title, description, empty, emptyText, children, headingLevel = 'h2' }: ChartFrameProps) {
  const captionId = useId();
  const Heading = headingLevel;
  return (
    <figure aria-labelledby={captionId} className="min-w-0 overflow-hidden rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900/60">
      <figcaption id={captionId} className="mb-3">
        <Heading className="text-base font-semibold">{title}</Heading>
      </figcaption>
      {description && <p className="-mt-2 mb-3 text-xs text-slate-500 dark:text-slate-400">{description}</p>}
      {empty ? (
        <div className="flex h-48 items-center justify-center rounded-lg border border-dashed border-slate-300 px-4 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
          {emptyText}
        </div>
      ) : (
        children
      )}
    </figure>
  );
}
