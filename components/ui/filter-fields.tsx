import { INPUT_CLASSES } from './text-field';

/** The label of one field of a GET filter form (the request log's, the audit log's). */
export const FILTER_LABEL = 'flex flex-col gap-1 text-sm font-medium text-slate-700 dark:text-slate-300';

/** A filter form's From and To dates (UTC, To inclusive), named `from` and `to`, filled from `params`. */
export function UtcDateRangeFields({ params }: { params: URLSearchParams }) {
  return (
    <>
      <label className={FILTER_LABEL}>
        From (UTC)
        <input type="date" name="from" defaultValue={params.get('from') ?? ''} className={INPUT_CLASSES} />
      </label>
      <label className={FILTER_LABEL}>
        To (UTC, inclusive)
        <input type="date" name="to" defaultValue={params.get('to') ?? ''} className={INPUT_CLASSES} />
      </label>
    </>
  );
}
