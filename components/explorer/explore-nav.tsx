'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { CreditMeter, SpendingSettings } from './credit-meter';

const LINKS = [
  { href: '/dashboard/explore', label: 'Search' },
  { href: '/dashboard/explore/trends', label: 'Trends' },
];

/** The explorer's own sections and its running credit total, kept in view above every explorer page. */
export function ExploreNav() {
  const pathname = usePathname();
  return (
    <div className="sticky top-2 z-10 mb-5 flex min-w-0 flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-xl border border-slate-200 bg-white/95 px-3 py-2 shadow-sm backdrop-blur dark:border-slate-800 dark:bg-slate-900/95">
      <nav aria-label="Explorer">
        <ul className="flex gap-1">
          {LINKS.map((link) => {
            const current = link.href === '/dashboard/explore' ? pathname === link.href : pathname.startsWith(link.href);
            return (
              <li key={link.href}>
                <Link
                  href={link.href}
                  aria-current={current ? 'page' : undefined}
                  className={`inline-block rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-500 ${
                    current ? 'bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-white' : 'text-slate-600 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800'
                  }`}
                >
                  {link.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="flex min-w-0 flex-col items-end gap-0.5">
        <CreditMeter />
        <SpendingSettings />
      </div>
    </div>
  );
}
