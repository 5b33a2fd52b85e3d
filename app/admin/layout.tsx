import type { ReactNode } from 'react';
import { DashboardShell } from '@/components/dashboard/shell';
import { requireAdmin } from '@/lib/auth/require-user';

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const user = await requireAdmin();
  return <DashboardShell user={user}>{children}</DashboardShell>;
}
