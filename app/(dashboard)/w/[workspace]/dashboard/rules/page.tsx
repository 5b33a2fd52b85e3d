import type { Metadata } from 'next';
import { matchPriceText } from '@/components/rules/match-price-text';
import { RulesManager } from '@/components/rules/rules-manager';
import { currentPriceBook, servedPlatformNames } from '@/lib/api/current-prices';
import { eventPrice, matchPrice } from '@/lib/delivery/charge-match';
import { PageHeader } from '@/components/ui/page-header';
import { requireWorkspace } from '@/lib/auth/require-workspace';
import { can } from '@/lib/workspaces/roles';
import { isLiveStatus } from '@/lib/dashboard/key-status';
import { getRecentMatches } from '@/lib/dashboard/get-recent-matches';
import { deliveryStatusOf } from '@/lib/dashboard/delivery-status';
import { getRealtime } from '@/lib/dashboard/get-realtime';
import { listKeys } from '@/lib/dashboard/list-keys';

export const metadata: Metadata = { title: 'Monitors' };

// The Monitors page keeps the Rules page's URL (/dashboard/rules): links and bookmarks to it still work.
export default async function MonitorsPage({ searchParams }: { searchParams: Promise<{ status?: string }> }) {
  const { workspace, role } = await requireWorkspace('rules.view');
  const status = deliveryStatusOf((await searchParams).status);
  const [realtime, matches, keys] = await Promise.all([getRealtime(workspace.id, status), getRecentMatches(workspace.id), listKeys(workspace.id)]);
  const usableKeys = keys.filter((key) => isLiveStatus(key.status)).map((key) => ({ id: key.id, name: key.name }));
  // What a delivered match costs this workspace on each platform its rules may watch (the price book's searchTweets price for one tweet).
  await currentPriceBook();
  const platforms = servedPlatformNames();
  const price = matchPriceText(platforms.map((platform) => ({ platform, credits: matchPrice(workspace.id, platform) })));
  // A follow event is priced as one follower item, a profile event as one user lookup (eventPrice).
  const followPrice = matchPriceText(platforms.map((platform) => ({ platform, credits: eventPrice('follow.added', workspace.id, platform) })));
  const profilePrice = matchPriceText(platforms.map((platform) => ({ platform, credits: eventPrice('profile.updated', workspace.id, platform) })));
  return (
    <>
      <PageHeader
        title="Monitors"
        description={`Monitors of the workspace's keys: tweets (a search query or some accounts' posts), follows (who follows or unfollows an account) and profiles (changes of some accounts' profiles), the events they find as they happen, your endpoints and their deliveries. Each event costs once, when first delivered: a tweet match ${price}, a follow event ${followPrice}, a profile event ${profilePrice}.`}
      />
      <RulesManager initial={realtime} initialStatus={status} initialMatches={matches} keys={usableKeys} canManage={can(role, 'rules.manage')} matchPrice={price} />
    </>
  );
}
