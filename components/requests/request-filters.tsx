import { buttonClasses } from '@/components/ui/button-styles';
import { FILTER_LABEL, UtcDateRangeFields } from '@/components/ui/filter-fields';
import { INPUT_CLASSES } from '@/components/ui/text-field';
import { ALL_SOURCES, sourceName } from '@/lib/dashboard/call-source';
import { NO_KEY, UNROUTED_OPERATIONS } from '@/lib/dashboard/request-log';

type Props = { params: URLSearchParams; keys: Array<{ id: string; name: string }>; operations: string[] };


/** The filters the CSV export takes: the page's own, without its position or an opened detail. */
function exportParams(params: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams(params);
  for (const name of ['cursor', 'request_id', 'limit']) kept.delete(name);
  return kept;
}

/** The log's filters and the request-id search, as a plain GET form: every view is a link. */
export function RequestFilters({ params, keys, operations }: Props) {
  const value = (name: string) => params.get(name) ?? '';
  return (
    <form method="get" action="/dashboard/requests" className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-end gap-3">
        <label className={`${FILTER_LABEL} min-w-72 flex-1`}>
          Request id
          <input name="request_id" defaultValue={value('request_id')} placeholder="req_… from the x-request-id header" className={`${INPUT_CLASSES} font-mono`} spellCheck={false} autoComplete="off" />
        </label>
        <button type="submit" className={buttonClasses('primary', 'px-4 py-2')}>
          Find
        </button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <label className={FILTER_LABEL}>
          Key
          <select name="key" defaultValue={value('key')} className={INPUT_CLASSES}>
            <option value="">All keys</option>
            {keys.map((k) => (
              <option key={k.id} value={k.id}>
                {k.name}
              </option>
            ))}
            <option value={NO_KEY}>No key (calls from the dashboard)</option>
          </select>
        </label>
        <label className={FILTER_LABEL}>
          Source
          <select name="source" defaultValue={value('source')} className={INPUT_CLASSES}>
            <option value="">Any source</option>
            {ALL_SOURCES.map((source) => (
              <option key={source} value={source}>
                {sourceName(source)}
              </option>
            ))}
          </select>
        </label>
        <label className={FILTER_LABEL}>
          Operation
          <select name="operation" defaultValue={value('operation')} className={INPUT_CLASSES}>
            <option value="">All operations</option>
            {operations.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
            {UNROUTED_OPERATIONS.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <label className={FILTER_LABEL}>
          Status
          <select name="status" defaultValue={value('status')} className={INPUT_CLASSES}>
            <option value="">Any status</option>
            <option value="2xx">2xx success</option>
            <option value="4xx">4xx refused</option>
            <option value="5xx">5xx failed</option>
          </select>
        </label>
        <label className={FILTER_LABEL}>
          Time range
          <select name="within" defaultValue={value('within')} className={INPUT_CLASSES}>
            <option value="">Any time</option>
            <option value="15m">Last 15 minutes</option>
            <option value="1h">Last hour</option>
            <option value="24h">Last 24 hours</option>
            <option value="7d">Last 7 days</option>
          </select>
        </label>
        <UtcDateRangeFields params={params} />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClasses('secondary', 'px-3 py-1.5')}>
          Apply filters
        </button>
        <a href={`/api/dashboard/requests/export?${exportParams(params)}`} download className={buttonClasses('secondary', 'px-3 py-1.5')}>
          Export CSV
        </a>
        <span className="text-xs text-slate-500 dark:text-slate-400">Every call these filters select, not only this page.</span>
      </div>
    </form>
  );
}
