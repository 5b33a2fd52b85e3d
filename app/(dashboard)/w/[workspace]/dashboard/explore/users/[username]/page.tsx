import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ProfileView } from '@/components/explorer/profile-view';
import { requireWorkspace } from '@/lib/auth/require-workspace';
import { getConnectionSummary } from '@/lib/connections/get-connection-summary';
import { decodeParam } from '@/lib/explorer/decode-param';

type Props = { params: Promise<{ username: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `@${decodeParam((await params).username)}` };
}

export default async function ProfilePage({ params }: Props) {
  const username = decodeParam((await params).username);
  const { workspace } = await requireWorkspace('api.call');
  const connection = await getConnectionSummary(workspace.id);
  return (
    <Suspense>
      <ProfileView username={username} connectedUsername={connection.kind === 'none' ? null : connection.username} />
    </Suspense>
  );
}
