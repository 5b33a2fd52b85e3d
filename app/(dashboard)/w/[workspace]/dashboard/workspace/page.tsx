import type { Metadata } from 'next';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { DeleteWorkspaceForm } from '@/components/workspace/delete-workspace-form';
import { RenameWorkspaceForm } from '@/components/workspace/rename-workspace-form';
import { requireWorkspace } from '@/lib/auth/require-workspace';
import { workspaceDeletionPreview } from '@/lib/workspaces/deletion-preview';
import { WORKSPACE_NAME_MAX } from '@/lib/workspaces/rename-workspace';
import { can } from '@/lib/workspaces/roles';
import { workspaceHref } from '@/lib/workspaces/workspace-path';

export const metadata: Metadata = { title: 'Workspace' };

export default async function WorkspacePage() {
  const { user, workspace, role } = await requireWorkspace('workspace.settings');
  // The danger zone exists only for owners (workspace.delete) of a shared workspace.
  const preview = can(role, 'workspace.delete') && !workspace.personal ? await workspaceDeletionPreview(workspace.id) : null;
  return (
    <>
      <PageHeader title="Workspace" description={`${workspace.name}: its name, and deleting it.`} />
      <div className="flex flex-col gap-6">
        <Card title="Name">
          <RenameWorkspaceForm name={workspace.name} slug={workspace.slug} maxLength={WORKSPACE_NAME_MAX} />
        </Card>
        {workspace.personal && (
          <Card title="Personal workspace">
            <p className="text-sm">
              This is your personal workspace: it is deleted with your account, from{' '}
              <a className="underline" href={workspaceHref(workspace.slug, '/dashboard/settings')}>
                Settings
              </a>
              .
            </p>
          </Card>
        )}
        {preview && (
          <Card title="Danger zone: delete this workspace">
            <DeleteWorkspaceForm preview={preview} hasPassword={user.hasPassword} twoFactor={user.twoFactor} />
          </Card>
        )}
      </div>
    </>
  );
}
