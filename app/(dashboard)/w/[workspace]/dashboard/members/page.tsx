import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/page-header';
import { MembersManager } from '@/components/workspaces/members-manager';
import { requireWorkspace } from '@/lib/auth/require-workspace';
import { listMembers, listPendingInvitations } from '@/lib/workspaces/list-members';
import { assignableRoles, can } from '@/lib/workspaces/roles';

export const metadata: Metadata = { title: 'Members' };

export default async function MembersPage() {
  const { user, workspace, role } = await requireWorkspace('members.view');
  const manages = can(role, 'members.manage');
  const [members, invitations] = await Promise.all([listMembers(workspace.id), manages ? listPendingInvitations(workspace.id) : Promise.resolve([])]);
  return (
    <>
      <PageHeader title="Members" description={<>Who works in {workspace.name}, and in which role.</>} />
      <MembersManager
        initial={{ members, invitations }}
        myId={user.id}
        workspace={{ id: workspace.id, name: workspace.name }}
        assignable={assignableRoles(role)}
        canManageOwners={can(role, 'owners.manage')}
        canLeave={workspace.id !== user.id}
      />
    </>
  );
}
