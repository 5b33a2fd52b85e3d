import type { ReactNode } from 'react';
import { DashboardShell } from '@/components/dashboard/shell';
import { requireWorkspace } from '@/lib/auth/require-workspace';

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  // Pages check the session and role again themselves: layouts are not re-rendered on
  // client-side navigation. Every role may see the frame (usage.view is everyone's).
  const context = await requireWorkspace('usage.view');
  return <DashboardShell context={context}>{children}</DashboardShell>;
}
