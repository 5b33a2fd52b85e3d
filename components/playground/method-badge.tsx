const COLORS: Record<string, string> = {
  GET: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  POST: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300',
  DELETE: 'bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-300',
};

/** An HTTP method as a small colored label; also used by the API reference. */
export function MethodBadge({ method, className = '' }: { method: string; className?: string }) {
  return <span className={`inline-block shrink-0 rounded px-1.5 py-0.5 font-mono text-[11px] font-semibold ${COLORS[method] ?? ''} ${className}`}>{method}</span>;
}
