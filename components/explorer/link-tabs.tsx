'use client';

import Link from 'next/link';
import { usePathname, useSearchParams } from 'next/navigation';

type Props<T extends string> = { label: string; tabs: ReadonlyArray<{ id: T; label: string }>; current: T; param?: string };

/** Sections of an explorer page as links (?tab=…), so each can be shared, reloaded and reached with Back. */
export function LinkTabs<T extends string>({ label, tabs, current, param = 'tab' }: Props<T>) {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const hrefFor = (id: T) => {
    const params = new URLSearchParams(searchParams.toString());
    if (id === tabs[0].id) params.delete(param);
    else params.set(param, id);
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  return (
    <nav aria-label={label} className="-mx-4 overflow-x-auto border-b border-slate-200 px-4 sm:mx-0 sm:px-0 dark:border-slate-800">
      <ul className="flex min-w-max gap-1">
        {tabs.map((tab) => {
          const selected = tab.id === current;
          return (
            <li key={tab.id}>
              <Link
                href={hrefFor(tab.id)}
                scroll={false}
                replace
                aria-current={selected ? 'page' : undefined}
                className={`-mb-px inline-block border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-500 ${
                  selected ? 'border-brand-600 text-slate-900 dark:text-white' : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white'
                }`}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
