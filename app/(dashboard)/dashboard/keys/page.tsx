import type { Metadata } from 'next';
import { KeysManager } from '@/components/keys/keys-manager';
import { PageHeader } from '@/components/ui/page-header';
import { requireUser } from '@/lib/auth/require-user';
import { listKeys } from '@/lib/dashboard/list-keys';

export const metadata: Metadata = { title: 'API keys' };

export default async function KeysPage() {
  const user = await requireUser('/dashboard/keys');
  const keys = await listKeys(user.id);
  return (
    <>
      <PageHeader title="API keys" description={<>Send a key as <code className="font-mono">Authorization: Bearer perch_…</code> to call /v2.</>} />
      <KeysManager initialKeys={keys} />
    </>
  );
}
