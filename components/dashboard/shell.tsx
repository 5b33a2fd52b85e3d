import Link from 'next/link';
import type { ReactNode } from 'react';
import { LowBalanceBanner } from '@/components/alerts/low-balance-banner';
import { getBalanceStatus } from '@/lib/alerts/balance-alert';
import type { CurrentUser } from '@/lib/auth/get-current-user';
import { NavLinks, type NavItem } from './nav-links';
import { QueryProvider } from './query-provider';
import { SignOutButton } from './sign-out-button';

const NAV: NavItem[] = [
  { href: '/dashboard', label: 'Overview' },
  { href: '/dashboard/playground', label: 'Playground' },
  { href: '/dashboard/explore', label: 'Explore' },
  { href: '/dashboard/keys', label: 'API keys' },
  { href: '/dashboard/rules', label: 'Rules' },
  { href: '/dashboard/usage', label: 'Usage' },
  { href: '/dashboard/requests', label: 'Requests' },
  { href: '/dashboard/billing', label: 'Billing' },
  { href: '/dashboard/connections', label: 'Connections' },
  { href: '/dashboard/settings', label: 'Settings' },
  { href: '/docs', label: 'Docs' },
];

/** The signed-in frame of every dashboard and admin page: brand, account, sections. */
export async function DashboardShell({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const balance = await getBalanceStatus(user.id);
  const items = user.isAdmin ? [...NAV, { href: '/admin', label: 'Admin' }] : NAV;
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-3 px-4">
          <Link href="/dashboard" className="shrink-0 text-lg font-bold tracking-tight">
            <span aria-hidden="true" className="text-brand-600">
              ◆{' '}
            </span>
            Perch
          </Link>
          <div className="flex min-w-0 items-center gap-2">
            <span className="hidden truncate text-sm text-slate-600 sm:inline dark:text-slate-400" title={user.email}>
              {user.email}
            </span>
            <SignOutButton />
          </div>
        </div>
        <NavLinks items={items} />
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:py-8">
        <QueryProvider>
          <LowBalanceBanner initial={balance} />
          {children}
        </QueryProvider>
      </main>
    </div>
  );
}
