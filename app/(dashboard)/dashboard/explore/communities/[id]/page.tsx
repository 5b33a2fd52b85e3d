import type { Metadata } from 'next';
import { Suspense } from 'react';
import { CommunityView } from '@/components/explorer/community-view';
import { requestPath } from '@/lib/auth/request-path';
import { requireUser } from '@/lib/auth/require-user';
import { decodeParam } from '@/lib/explorer/decode-param';

export const metadata: Metadata = { title: 'Community' };

type Props = { params: Promise<{ id: string }> };

export default async function CommunityPage({ params }: Props) {
  const { id } = await params;
  await requireUser(await requestPath(`/dashboard/explore/communities/${encodeURIComponent(id)}`));
  return (
    <Suspense>
      <CommunityView communityId={decodeParam(id)} />
    </Suspense>
  );
}
