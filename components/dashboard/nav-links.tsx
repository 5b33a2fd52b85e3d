'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

export type NavItem = { href: string; label: string };

function isCurrent(pathname: string, href: string): boolean {
  // The overview's path is a prefix of every other dashboard page's.
  if (href.endsWith('/dashboard')) return pathname === href;
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** The dashboard's sections; a horizontal strip that scrolls on a phone. */
export function NavLinks({ items }: { items: NavItem[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Dashboard" className="mx-auto max-w-6xl overflow-x-auto px-2 sm:px-4">
      <ul className="flex min-w-max gap-1">
        {items.map((item) => {
          const current = isCurrent(pathname, item.href);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={current ? 'page' : undefined}
                className={`-mb-px inline-block border-b-2 px-3 py-2.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-500 ${
                  current
                    ? 'border-brand-600 text-slate-900 dark:border-brand-500 dark:text-white'
                    : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white'
                }`}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
