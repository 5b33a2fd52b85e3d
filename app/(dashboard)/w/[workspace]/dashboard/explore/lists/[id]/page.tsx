import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ListView } from '@/components/explorer/list-view';
import { requireWorkspace } from '@/lib/auth/require-workspace';
import { decodeParam } from '@/lib/explorer/decode-param';
import { getNames } from '@/lib/platform/local/get-names';

export const metadata: Metadata = { title: 'List' };

type Props = { params: Promise<{ id: string }> };

export default async function ListPage({ params }: Props) {
  const { id } = await params;
  await requireWorkspace('api.call');
  const listId = decodeParam(id);
  const names = await getNames('lists', [listId]);
  return (
    <Suspense>
      <ListView listId={listId} name={names[listId] ?? null} />
    </Suspense>
  );
}
