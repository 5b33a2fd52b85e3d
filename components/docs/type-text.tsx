import { Fragment } from 'react';

/** A type name with the records in it linked to their sections. */
export function TypeText({ type, records }: { type: string; records: string[] }) {
  if (records.length === 0) return <span>{type}</span>;
  const pattern = new RegExp(`\\b(${records.map((r) => r.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\b`);
  return (
    <span>
      {type.split(pattern).map((part, i) =>
        records.includes(part) ? (
          <a key={i} href={`#record-${part}`} className="text-brand-700 underline hover:no-underline dark:text-brand-500">
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </span>
  );
}
