import { stateDiff } from '@/lib/audit/state-diff';

const show = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));

/** Before and after of one change, field by field; changed fields stand out. */
export function StateDiffView({ before, after }: { before: unknown; after: unknown }) {
  const changes = stateDiff(before, after);
  if (changes.length === 0) return <p className="text-xs text-slate-500 dark:text-slate-400">No state recorded for this event.</p>;
  return (
    <table className="w-full border-collapse text-left text-xs">
      <thead>
        <tr>
          <th scope="col" className="px-2 py-1 font-medium text-slate-600 dark:text-slate-400">Field</th>
          <th scope="col" className="px-2 py-1 font-medium text-slate-600 dark:text-slate-400">Before</th>
          <th scope="col" className="px-2 py-1 font-medium text-slate-600 dark:text-slate-400">After</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c) => (
          <tr key={c.field} data-changed={c.changed ? 'true' : undefined} className={c.changed ? 'bg-amber-50 dark:bg-amber-950/40' : undefined}>
            <th scope="row" className="px-2 py-1 font-mono font-normal">
              {c.field}
              {c.changed ? <span className="sr-only"> (changed)</span> : null}
            </th>
            <td className="px-2 py-1 font-mono break-all">{show(c.before)}</td>
            <td className="px-2 py-1 font-mono break-all">{show(c.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
