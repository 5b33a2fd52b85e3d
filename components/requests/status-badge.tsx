/** An HTTP status coloured by its class: green 2xx, amber 4xx, red 5xx. */
export function StatusBadge({ status }: { status: number }) {
  const tone =
    status >= 500
      ? 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300'
      : status >= 400
        ? 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300'
        : 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300';
  return <span className={`inline-block rounded px-1.5 py-0.5 font-mono text-xs font-semibold ${tone}`}>{status}</span>;
}
