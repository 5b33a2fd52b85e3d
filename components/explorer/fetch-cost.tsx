/** What one fetch cost, next to what it fetched. */
export function FetchCost({ operationId, credits }: { operationId: string; credits: number }) {
  return (
    <p className="text-xs text-slate-500 dark:text-slate-400">
      <span className="font-mono">{operationId}</span> · {credits.toLocaleString('en-US')} {credits === 1 ? 'credit' : 'credits'}
    </p>
  );
}
