import type { Metadata } from 'next';
import { Suspense } from 'react';
import { TweetView } from '@/components/explorer/tweet-view';
import { requireWorkspace } from '@/lib/auth/require-workspace';
import { decodeParam } from '@/lib/explorer/decode-param';

export const metadata: Metadata = { title: 'Tweet' };

type Props = { params: Promise<{ id: string }> };

export default async function TweetPage({ params }: Props) {
  const { id } = await params;
  await requireWorkspace('api.call');
  return (
    <Suspense>
      <TweetView tweetId={decodeParam(id)} />
    </Suspense>
  );
}
