import type { Metadata } from 'next';
import { Suspense } from 'react';
import { CommunityView } from '@/components/explorer/community-view';
import { requireWorkspace } from '@/lib/auth/require-workspace';
import { decodeParam } from '@/lib/explorer/decode-param';

export const metadata: Metadata = { title: 'Community' };

type Props = { params: Promise<{ id: string }> };

export default async function CommunityPage({ params }: Props) {
  const { id } = await params;
  await requireWorkspace('api.call');
  return (
    <Suspense>
      <CommunityView communityId={decodeParam(id)} />
    </Suspense>
  );
}
