import type { DocRecord } from '@/lib/docs/docs-model';
import { FieldsList } from './fields-list';

/** The records responses are made of (User, Tweet, …), each with its fields. */
export function RecordsSection({ records }: { records: DocRecord[] }) {
  return (
    <section id="records" aria-labelledby="records-title" className="flex min-w-0 scroll-mt-6 flex-col gap-4">
      <h2 id="records-title" className="text-2xl font-bold">
        Records
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">Ids are strings; times are ISO-8601 UTC; an unknown value is null, never 0 or an empty string.</p>
      {records.map((record) => (
        <div key={record.name} id={`record-${record.name}`} className="flex min-w-0 scroll-mt-6 flex-col gap-2">
          <h3 className="font-mono text-lg font-semibold">
            <a href={`#record-${record.name}`} className="hover:underline">
              {record.name}
            </a>
          </h3>
          {record.description && <p className="text-sm text-slate-600 dark:text-slate-400">{record.description}</p>}
          <FieldsList fields={record.fields} label={`${record.name} fields`} />
        </div>
      ))}
    </section>
  );
}
