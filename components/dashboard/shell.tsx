import Link from 'next/link';
import type { ReactNode } from 'react';
import { LowBalanceBanner } from '@/components/alerts/low-balance-banner';
import { getBalanceStatus } from '@/lib/alerts/balance-alert';
import type { WorkspaceContext } from '@/lib/auth/require-workspace';
import { listMemberships } from '@/lib/workspaces/find-membership';
import { can, ROLE_LABELS, type Permission } from '@/lib/workspaces/roles';
import { workspaceHref } from '@/lib/workspaces/workspace-path';
import { NavLinks, type NavItem } from './nav-links';
import { QueryProvider } from './query-provider';
import { SignOutButton } from './sign-out-button';
import { WorkspaceSwitcher } from './workspace-switcher';

// Each section with the permission its page asks for: a role sees only what it may open.
const NAV: (NavItem & { permission: Permission })[] = [
  { href: '/dashboard', label: 'Overview', permission: 'usage.view' },
  { href: '/dashboard/playground', label: 'Playground', permission: 'api.call' },
  { href: '/dashboard/explore', label: 'Explore', permission: 'api.call' },
  { href: '/dashboard/keys', label: 'API keys', permission: 'keys.view' },
  { href: '/dashboard/rules', label: 'Monitors', permission: 'rules.view' },
  { href: '/dashboard/exports', label: 'Exports', permission: 'exports.view' },
  { href: '/dashboard/usage', label: 'Usage', permission: 'usage.view' },
  { href: '/dashboard/requests', label: 'Requests', permission: 'usage.view' },
  { href: '/dashboard/billing', label: 'Billing', permission: 'billing.view' },
  { href: '/dashboard/connections', label: 'Connections', permission: 'connections.view' },
  { href: '/dashboard/members', label: 'Members', permission: 'members.view' },
  { href: '/dashboard/audit', label: 'Audit log', permission: 'audit.view' },
  { href: '/dashboard/workspace', label: 'Workspace', permission: 'workspace.settings' },
  { href: '/dashboard/settings', label: 'Settings', permission: 'usage.view' },
];

/** The signed-in frame of every dashboard page: brand, workspace, person, sections. */
export async function DashboardShell({ context, children }: { context: WorkspaceContext; children: ReactNode }) {
  const { user, workspace, role } = context;
  const [balance, memberships] = await Promise.all([getBalanceStatus(workspace.id), listMemberships(user.id)]);
  const items: NavItem[] = NAV.filter((item) => can(role, item.permission)).map(({ href, label }) => ({ href: workspaceHref(workspace.slug, href), label }));
  items.push({ href: '/docs', label: 'Docs' });
  if (user.isAdmin) items.push({ href: '/admin', label: 'Admin' });
  const switcher = memberships.map((m) => ({ slug: m.workspace.slug, name: m.workspace.name, personal: m.workspace.personal, role: ROLE_LABELS[m.role] }));
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-3 px-4">
          <div className="flex min-w-0 items-center gap-3">
            <Link href={workspaceHref(workspace.slug, '/dashboard')} className="shrink-0 text-lg font-bold tracking-tight">
              <span aria-hidden="true" className="text-brand-600">
                ◆{' '}
              </span>
              Perch
            </Link>
            <WorkspaceSwitcher current={workspace.slug} workspaces={switcher} />
          </div>
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
