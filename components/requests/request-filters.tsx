import { buttonClasses } from '@/components/ui/button-styles';
import { INPUT_CLASSES } from '@/components/ui/text-field';

type Props = { params: URLSearchParams; keys: Array<{ id: string; name: string }>; operations: string[] };

const LABEL = 'flex flex-col gap-1 text-sm font-medium text-slate-700 dark:text-slate-300';

/** The log's filters and the request-id search, as a plain GET form: every view is a link. */
export function RequestFilters({ params, keys, operations }: Props) {
  const value = (name: string) => params.get(name) ?? '';
  return (
    <form method="get" action="/dashboard/requests" className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-end gap-3">
        <label className={`${LABEL} min-w-72 flex-1`}>
          Request id
          <input name="request_id" defaultValue={value('request_id')} placeholder="req_… from the x-request-id header" className={`${INPUT_CLASSES} font-mono`} spellCheck={false} autoComplete="off" />
        </label>
        <button type="submit" className={buttonClasses('primary', 'px-4 py-2')}>
          Find
        </button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <label className={LABEL}>
          Key
          <select name="key" defaultValue={value('key')} className={INPUT_CLASSES}>
            <option value="">All keys</option>
            {keys.map((k) => (
              <option key={k.id} value={k.id}>
                {k.name}
              </option>
            ))}
          </select>
        </label>
        <label className={LABEL}>
          Operation
          <select name="operation" defaultValue={value('operation')} className={INPUT_CLASSES}>
            <option value="">All operations</option>
            {operations.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
            <option value="unmatchedRoute">unmatchedRoute (no such path)</option>
          </select>
        </label>
        <label className={LABEL}>
          Status
          <select name="status" defaultValue={value('status')} className={INPUT_CLASSES}>
            <option value="">Any status</option>
            <option value="2xx">2xx success</option>
            <option value="4xx">4xx refused</option>
            <option value="5xx">5xx failed</option>
          </select>
        </label>
        <label className={LABEL}>
          From (UTC)
          <input type="date" name="from" defaultValue={value('from')} className={INPUT_CLASSES} />
        </label>
        <label className={LABEL}>
          To (UTC, inclusive)
          <input type="date" name="to" defaultValue={value('to')} className={INPUT_CLASSES} />
        </label>
      </div>
      <div>
        <button type="submit" className={buttonClasses('secondary', 'px-3 py-1.5')}>
          Apply filters
        </button>
      </div>
    </form>
  );
}
