import type { ReactNode } from 'react';
import { DashboardShell } from '@/components/dashboard/shell';
import { requestPath } from '@/lib/auth/request-path';
import { requireUser } from '@/lib/auth/require-user';

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  // Pages check the session again themselves: layouts are not re-rendered on client-side navigation.
  const user = await requireUser(await requestPath('/dashboard'));
  return <DashboardShell user={user}>{children}</DashboardShell>;
}
