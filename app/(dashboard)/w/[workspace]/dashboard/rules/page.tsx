import type { Metadata } from 'next';
import { matchPriceText } from '@/components/rules/match-price-text';
import { RulesManager } from '@/components/rules/rules-manager';
import { currentPriceBook, servedPlatformNames } from '@/lib/api/current-prices';
import { matchPrice } from '@/lib/delivery/charge-match';
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
  // What a delivered match costs this workspace on each platform its rules may watch (the price book's searchTweets price for one tweet).
  await currentPriceBook();
  const price = matchPriceText(servedPlatformNames().map((platform) => ({ platform, credits: matchPrice(workspace.id, platform) })));
  return (
    <>
      <PageHeader
        title="Rules"
        description={`Filter rules and account monitors of the workspace's keys, the matches they find as they happen, your webhook endpoints and their deliveries. Each delivered match costs ${price}.`}
      />
      <RulesManager initial={realtime} initialStatus={status} initialMatches={matches} keys={usableKeys} canManage={can(role, 'rules.manage')} matchPrice={price} />
    </>
  );
}
