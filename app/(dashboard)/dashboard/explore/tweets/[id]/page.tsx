import type { Metadata } from 'next';
import { Suspense } from 'react';
import { TweetView } from '@/components/explorer/tweet-view';
import { requestPath } from '@/lib/auth/request-path';
import { requireUser } from '@/lib/auth/require-user';
import { decodeParam } from '@/lib/explorer/decode-param';

export const metadata: Metadata = { title: 'Tweet' };

type Props = { params: Promise<{ id: string }> };

export default async function TweetPage({ params }: Props) {
  const { id } = await params;
  await requireUser(await requestPath(`/dashboard/explore/tweets/${encodeURIComponent(id)}`));
  return (
    <Suspense>
      <TweetView tweetId={decodeParam(id)} />
    </Suspense>
  );
}
