/** A progress bar: filled to `ratio` (0–1), or an indeterminate stripe while the total is unknown. */
export function ProgressBar({ ratio, label, active }: { ratio: number | null; label: string; active: boolean }) {
  const percent = ratio === null ? null : Math.round(Math.min(1, Math.max(0, ratio)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent ?? undefined}
      aria-valuetext={percent === null ? 'total unknown' : `${percent}%`}
      className="relative h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
    >
      {percent === null ? (
        // Tailwind's pulse, no stylesheet of our own: a whole bar breathing says "working, total unknown".
        <div className={`h-full w-full rounded-full ${active ? 'animate-pulse bg-brand-500/60' : 'bg-slate-400/60'}`} />
      ) : (
        <div className={`h-full rounded-full transition-[width] duration-500 ${active ? 'bg-brand-600' : 'bg-emerald-600'}`} style={{ width: `${percent}%` }} />
      )}
    </div>
  );
}
