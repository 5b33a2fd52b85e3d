import type { Metadata } from 'next';
import { RulesManager } from '@/components/rules/rules-manager';
import { PageHeader } from '@/components/ui/page-header';
import { requireUser } from '@/lib/auth/require-user';
import { isLiveStatus } from '@/lib/dashboard/key-status';
import { getRecentMatches } from '@/lib/dashboard/get-recent-matches';
import { deliveryStatusOf } from '@/lib/dashboard/delivery-status';
import { getRealtime } from '@/lib/dashboard/get-realtime';
import { listKeys } from '@/lib/dashboard/list-keys';

export const metadata: Metadata = { title: 'Rules' };

export default async function RulesPage({ searchParams }: { searchParams: Promise<{ status?: string }> }) {
  const user = await requireUser('/dashboard/rules');
  const status = deliveryStatusOf((await searchParams).status);
  const [realtime, matches, keys] = await Promise.all([getRealtime(user.id, status), getRecentMatches(user.id), listKeys(user.id)]);
  const usableKeys = keys.filter((key) => isLiveStatus(key.status)).map((key) => ({ id: key.id, name: key.name }));
  return (
    <>
      <PageHeader
        title="Rules"
        description="Filter rules and account monitors of your keys, the matches they find as they happen, your webhook endpoints and their deliveries. Each delivered match costs 15 credits."
      />
      <RulesManager initial={realtime} initialStatus={status} initialMatches={matches} keys={usableKeys} />
    </>
  );
}
