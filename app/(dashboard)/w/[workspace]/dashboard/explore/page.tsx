import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ExploreSearch } from '@/components/explorer/explore-search';
import { PageHeader } from '@/components/ui/page-header';
import { requireWorkspace } from '@/lib/auth/require-workspace';
import { getNames, getTweetSnippets } from '@/lib/platform/local/get-names';
import { getSamples } from '@/lib/platform/local/get-samples';

export const metadata: Metadata = { title: 'Explore' };

export default async function ExplorePage() {
  await requireWorkspace('api.call');
  const samples = await getSamples(5);
  const [lists, communities, tweets] = await Promise.all([
    getNames('lists', samples.list_ids),
    getNames('communities', samples.community_ids),
    getTweetSnippets(samples.tweet_ids.slice(0, 3)),
  ]);
  return (
    <>
      <PageHeader title="Explore" description="Browse the platform through /v2 as your signed-in account: every fetch is a real, charged call." />
      <Suspense>
        <ExploreSearch samples={samples} names={{ lists, communities, tweets }} />
      </Suspense>
    </>
  );
}
