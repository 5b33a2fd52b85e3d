import { TH_CLASSES } from '@/components/ui/table-scroll';

/** A table's header row from its column names; an empty name is a visually hidden "Actions" column. */
export function TableHead({ columns }: { columns: string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((name) => (
          <th key={name || 'actions'} scope="col" className={TH_CLASSES}>
            {name || <span className="sr-only">Actions</span>}
          </th>
        ))}
      </tr>
    </thead>
  );
}
