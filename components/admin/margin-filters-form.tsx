import { buttonClasses } from '@/components/ui/button-styles';
import { FILTER_LABEL, UtcDateRangeFields } from '@/components/ui/filter-fields';
import { INPUT_CLASSES } from '@/components/ui/text-field';
import type { MarginFilters } from '@/lib/admin/margin-filters';

type Props = { filters: MarginFilters; platforms: readonly string[]; operations: readonly string[] };

/** The margin report's filters as a plain GET form: every view is a link. */
export function MarginFiltersForm({ filters, platforms, operations }: Props) {
  const params = new URLSearchParams({ from: filters.from, to: filters.to });
  return (
    <form method="get" action="/admin/margin" aria-label="Margin filters" className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <UtcDateRangeFields params={params} />
        <label className={FILTER_LABEL}>
          Platform
          <select name="platform" defaultValue={filters.platform ?? ''} className={INPUT_CLASSES}>
            <option value="">All platforms</option>
            {platforms.map((platform) => (
              <option key={platform} value={platform}>
                {platform}
              </option>
            ))}
          </select>
        </label>
        <label className={FILTER_LABEL}>
          Operation
          <select name="operation" defaultValue={filters.operation ?? ''} className={INPUT_CLASSES}>
            <option value="">All operations</option>
            {operations.map((operation) => (
              <option key={operation} value={operation}>
                {operation}
              </option>
            ))}
            {/* An operation from a link that is no longer offered stays selected. */}
            {filters.operation && !operations.includes(filters.operation) ? <option value={filters.operation}>{filters.operation}</option> : null}
          </select>
        </label>
        <label className={FILTER_LABEL}>
          Workspace
          <input name="workspace" defaultValue={filters.workspace ?? ''} placeholder="Slug or id" className={INPUT_CLASSES} autoComplete="off" />
        </label>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClasses('secondary', 'px-3 py-1.5')}>
          Apply filters
        </button>
        <a href="/admin/margin" className="text-sm text-brand-700 underline dark:text-brand-400">
          Clear (last 30 days)
        </a>
      </div>
    </form>
  );
}
