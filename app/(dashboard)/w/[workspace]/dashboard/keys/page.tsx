import type { Metadata } from 'next';
import { KeysManager } from '@/components/keys/keys-manager';
import { PageHeader } from '@/components/ui/page-header';
import { requireWorkspace } from '@/lib/auth/require-workspace';
import { listKeys } from '@/lib/dashboard/list-keys';
import { configuredPublicOrigin } from '@/lib/dashboard/mcp-client-config';
import { serverMcpMaxCredits } from '@/lib/keys/mcp-credit-cap';
import { requestOrigin } from '@/lib/playground/request-origin';
import { keyManagerOf } from '@/lib/workspaces/key-access';
import { can } from '@/lib/workspaces/roles';

export const metadata: Metadata = { title: 'API keys' };

export default async function KeysPage() {
  const { user, workspace, role } = await requireWorkspace('keys.view');
  const manager = keyManagerOf(user.id, role);
  const keys = await listKeys(workspace.id, manager);
  return (
    <>
      <PageHeader title="API keys" description={<>Send a key as <code className="font-mono">Authorization: Bearer perch_…</code> to call /v2.</>} />
      <KeysManager
        initialKeys={keys}
        canCreate={can(role, 'keys.manage_own')}
        mcp={{ publicOrigin: configuredPublicOrigin(), requestOrigin: await requestOrigin(), defaultCap: serverMcpMaxCredits() }}
      />
    </>
  );
}
