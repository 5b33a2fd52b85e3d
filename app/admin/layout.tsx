import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { DashboardShell } from '@/components/dashboard/shell';
import { requireAdmin } from '@/lib/auth/require-user';
import { defaultMembership } from '@/lib/workspaces/find-membership';

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const user = await requireAdmin();
  // /admin is the site's, not a workspace's: the frame shows the workspace the admin last used.
  const membership = await defaultMembership(user.id);
  if (!membership) notFound();
  return <DashboardShell context={{ user, ...membership }}>{children}</DashboardShell>;
}
