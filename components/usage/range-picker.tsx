import Link from 'next/link';
import { RANGES, type RangeDays } from '@/lib/dashboard/days';

/** Links to the same page over 7, 30 or 90 days; the current one is marked for assistive tech. */
export function RangePicker({ basePath, current }: { basePath: string; current: RangeDays }) {
  return (
    <nav aria-label="Range">
      <ul className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 dark:border-slate-700 dark:bg-slate-900">
        {RANGES.map((range) => (
          <li key={range}>
            <Link
              href={`${basePath}?range=${range}`}
              aria-current={range === current ? 'page' : undefined}
              className={`inline-block rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-500 ${
                range === current ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
              }`}
            >
              {range} days
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
