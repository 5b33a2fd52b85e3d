import type { Metadata } from 'next';
import { RulesManager } from '@/components/rules/rules-manager';
import { PageHeader } from '@/components/ui/page-header';
import { requireWorkspace } from '@/lib/auth/require-workspace';
import { can } from '@/lib/workspaces/roles';
import { isLiveStatus } from '@/lib/dashboard/key-status';
import { getRecentMatches } from '@/lib/dashboard/get-recent-matches';
import { deliveryStatusOf } from '@/lib/dashboard/delivery-status';
import { getRealtime } from '@/lib/dashboard/get-realtime';
import { listKeys } from '@/lib/dashboard/list-keys';

export const metadata: Metadata = { title: 'Rules' };

export default async function RulesPage({ searchParams }: { searchParams: Promise<{ status?: string }> }) {
  const { workspace, role } = await requireWorkspace('rules.view');
  const status = deliveryStatusOf((await searchParams).status);
  const [realtime, matches, keys] = await Promise.all([getRealtime(workspace.id, status), getRecentMatches(workspace.id), listKeys(workspace.id)]);
  const usableKeys = keys.filter((key) => isLiveStatus(key.status)).map((key) => ({ id: key.id, name: key.name }));
  return (
    <>
      <PageHeader
        title="Rules"
        description="Filter rules and account monitors of the workspace's keys, the matches they find as they happen, your webhook endpoints and their deliveries. Each delivered match costs 15 credits."
      />
      <RulesManager initial={realtime} initialStatus={status} initialMatches={matches} keys={usableKeys} canManage={can(role, 'rules.manage')} />
    </>
  );
}
