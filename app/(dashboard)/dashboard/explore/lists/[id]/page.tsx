import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ListView } from '@/components/explorer/list-view';
import { requestPath } from '@/lib/auth/request-path';
import { requireUser } from '@/lib/auth/require-user';
import { decodeParam } from '@/lib/explorer/decode-param';
import { getNames } from '@/lib/platform/local/get-names';

export const metadata: Metadata = { title: 'List' };

type Props = { params: Promise<{ id: string }> };

export default async function ListPage({ params }: Props) {
  const { id } = await params;
  await requireUser(await requestPath(`/dashboard/explore/lists/${encodeURIComponent(id)}`));
  const listId = decodeParam(id);
  const names = await getNames('lists', [listId]);
  return (
    <Suspense>
      <ListView listId={listId} name={names[listId] ?? null} />
    </Suspense>
  );
}
