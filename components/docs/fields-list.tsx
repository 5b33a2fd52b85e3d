import type { DocField } from '@/lib/docs/docs-model';
import { TypeText } from './type-text';

/** The fields of a record or response: name, type (records linked), required mark, description. */
export function FieldsList({ fields, label }: { fields: DocField[]; label: string }) {
  return (
    <dl aria-label={label} className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800">
      {fields.map((field) => (
        <div key={field.name} className="flex min-w-0 flex-col gap-0.5 px-3 py-1.5 sm:flex-row sm:gap-3">
          <dt className="shrink-0 font-mono text-xs font-medium sm:w-44">
            {field.name}
            {!field.required && <span className="font-normal text-slate-500"> (optional)</span>}
          </dt>
          <dd className="min-w-0 break-words font-mono text-xs text-slate-600 dark:text-slate-400">
            <TypeText type={field.type} records={field.records} />
            {field.description && <span className="block font-sans text-slate-500 dark:text-slate-400">{field.description}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
