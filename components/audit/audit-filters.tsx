import { buttonClasses } from '@/components/ui/button-styles';
import { FILTER_LABEL, UtcDateRangeFields } from '@/components/ui/filter-fields';
import { INPUT_CLASSES } from '@/components/ui/text-field';
import { AUDIT_THINGS } from '@/lib/audit/action-names';

type Props = {
  params: URLSearchParams;
  /** The page inside its workspace (`/w/<slug>/dashboard/audit`): the form reloads it with the filters. */
  pageHref: string;
  /** The CSV export route inside the workspace, without a query. */
  exportHref: string;
};


/** The filters the CSV export takes: the page's own, without its position. */
export function auditExportParams(params: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams();
  for (const name of ['action', 'actor', 'target', 'from', 'to', 'q']) {
    const value = params.get(name)?.trim();
    if (value) kept.set(name, value);
  }
  return kept;
}

/** The audit log's filters as a plain GET form: every view is a link, and the CSV follows it. */
export function AuditFilters({ params, pageHref, exportHref }: Props) {
  const value = (name: string) => params.get(name) ?? '';
  const action = value('action');
  const known = AUDIT_THINGS.some((t) => t.prefix === action);
  return (
    <form method="get" action={pageHref} className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      {/* The target kind has no field of its own (links set it: target=endpoint); it stays across a new search. */}
      {value('target') ? <input type="hidden" name="target" value={value('target')} /> : null}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <label className={FILTER_LABEL}>
          Action
          <select name="action" defaultValue={action} className={INPUT_CLASSES}>
            <option value="">All actions</option>
            {AUDIT_THINGS.map((thing) => (
              <option key={thing.prefix} value={thing.prefix}>
                {thing.label}
              </option>
            ))}
            {/* An exact action from a link (action=rule.deleted) stays selected. */}
            {action && !known ? <option value={action}>{action}</option> : null}
          </select>
        </label>
        <label className={FILTER_LABEL}>
          Actor
          <input name="actor" defaultValue={value('actor')} placeholder="Email, key name or id" className={INPUT_CLASSES} autoComplete="off" />
        </label>
        <UtcDateRangeFields params={params} />
        <label className={FILTER_LABEL}>
          Text
          <input type="search" name="q" defaultValue={value('q')} placeholder="Rule tag, URL, email…" className={INPUT_CLASSES} autoComplete="off" />
        </label>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClasses('secondary', 'px-3 py-1.5')}>
          Apply filters
        </button>
        <a href={pageHref} className="text-sm text-brand-700 underline dark:text-brand-400">
          Clear
        </a>
        <a href={`${exportHref}${exportHref.includes('?') ? '&' : '?'}${auditExportParams(params)}`} download className={buttonClasses('secondary', 'px-3 py-1.5')}>
          Download CSV
        </a>
        <span className="text-xs text-slate-500 dark:text-slate-400">Every line these filters select, not only those shown.</span>
      </div>
    </form>
  );
}
