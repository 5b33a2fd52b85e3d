'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { sendJson } from '@/components/dashboard/fetch-json';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormAlert } from '@/components/ui/form-alert';
import type { MemberSummary, PendingInvitation } from '@/lib/workspaces/list-members';
import { ROLE_LABELS, type Role } from '@/lib/workspaces/roles';
import { InvitationsTable } from './invitations-table';
import { InviteForm } from './invite-form';
import { fetchMembers, membersQueryKey, type MembersData } from './members-query';
import { MembersTable } from './members-table';
import { RemoveMemberDialog } from './remove-member-dialog';

type Props = {
  initial: MembersData;
  myId: string;
  workspace: { id: string; name: string };
  /** The roles the viewer may hand out (none: they see the list only). */
  assignable: Role[];
  canManageOwners: boolean;
  /** Their own personal workspace cannot be left. */
  canLeave: boolean;
};

/** The members page's interactive part: invite, change roles, remove, resend or revoke invitations, leave. */
export function MembersManager({ initial, myId, workspace, assignable, canManageOwners, canLeave }: Props) {
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: membersQueryKey(workspace.id), queryFn: fetchMembers, initialData: initial });
  const [removing, setRemoving] = useState<MemberSummary | null>(null);
  const [revoking, setRevoking] = useState<PendingInvitation | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: membersQueryKey(workspace.id) });
  const manages = assignable.length > 0;

  async function changeRole(member: MemberSummary, role: Role) {
    const answer = await sendJson('PATCH', `/api/dashboard/members/${encodeURIComponent(member.userId)}`, { role });
    setMessage(answer.ok ? { tone: 'success', text: `${member.email} is now ${ROLE_LABELS[role]}.` } : { tone: 'error', text: answer.message });
    void refresh();
  }

  async function resend(invitation: PendingInvitation) {
    const answer = await sendJson('POST', `/api/dashboard/invitations/${encodeURIComponent(invitation.id)}/resend`);
    setMessage(answer.ok ? { tone: 'success', text: `Invitation mailed again to ${invitation.email}; the earlier link no longer works.` } : { tone: 'error', text: answer.message });
    void refresh();
  }

  return (
    <div className="flex flex-col gap-6">
      <FormAlert tone={message?.tone} message={message?.text} />
      {manages && (
        <Card title="Invite a member">
          <InviteForm
            roles={assignable}
            onInvited={(email) => {
              setMessage({ tone: 'success', text: `Invitation sent to ${email}.` });
              void refresh();
            }}
          />
        </Card>
      )}
      <Card title={`Members of ${workspace.name}`}>
        <MembersTable
          members={data.members}
          assignable={assignable}
          canManageOwners={canManageOwners}
          myId={myId}
          workspaceId={workspace.id}
          onRoleChange={(member, role) => void changeRole(member, role)}
          onRemove={setRemoving}
        />
      </Card>
      {manages && (
        <Card title="Pending invitations">
          <InvitationsTable invitations={data.invitations} canManageOwners={canManageOwners} onResend={(invitation) => void resend(invitation)} onRevoke={setRevoking} />
        </Card>
      )}
      {canLeave && (
        <Card title="Leave this workspace">
          <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">You lose access to {workspace.name} at once; the keys you created here stay.</p>
          <Button variant="secondary" onClick={() => setLeaving(true)}>
            Leave workspace
          </Button>
        </Card>
      )}
      <RemoveMemberDialog
        member={removing}
        onClose={() => setRemoving(null)}
        onRemoved={(keysRevoked) => {
          setMessage({ tone: 'success', text: `${removing?.email ?? 'The member'} was removed${keysRevoked > 0 ? ` and ${keysRevoked === 1 ? '1 key' : `${keysRevoked} keys`} revoked` : ''}.` });
          setRemoving(null);
          void refresh();
        }}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke the invitation to ${revoking?.email ?? ''}?`}
        description="The link in the mail stops working. You can invite the address again later."
        actionLabel="Revoke invitation"
        pendingLabel="Revoking…"
        onConfirm={async () => {
          if (!revoking) return null;
          const answer = await sendJson('DELETE', `/api/dashboard/invitations/${encodeURIComponent(revoking.id)}`);
          return answer.ok ? null : answer.message;
        }}
        onClose={() => setRevoking(null)}
        onDone={() => {
          setMessage({ tone: 'success', text: `The invitation to ${revoking?.email ?? ''} was revoked.` });
          setRevoking(null);
          void refresh();
        }}
      />
      <ConfirmDialog
        open={leaving}
        title={`Leave ${workspace.name}?`}
        description="You lose access at once; only a new invitation brings you back."
        actionLabel="Leave workspace"
        pendingLabel="Leaving…"
        onConfirm={async () => {
          const answer = await sendJson('POST', '/api/dashboard/members/leave');
          return answer.ok ? null : answer.message;
        }}
        onClose={() => setLeaving(false)}
        // A full load: the shell and its switcher belong to the workspace just left.
        onDone={() => window.location.assign('/dashboard')}
      />
    </div>
  );
}
