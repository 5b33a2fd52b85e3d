'use client';

import { useState } from 'react';
import { sendJson } from '@/components/dashboard/fetch-json';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import type { MemberSummary } from '@/lib/workspaces/list-members';

type Props = { member: MemberSummary | null; onClose: () => void; onRemoved: (keysRevoked: number) => void };

/** Asks before removing a member, with the choice to revoke the keys they issued here too. */
export function RemoveMemberDialog({ member, onClose, onRemoved }: Props) {
  return (
    <Dialog open={member !== null} onClose={onClose} title={`Remove ${member?.email ?? 'member'}?`} description="They lose access to this workspace at once. Their account and their other workspaces stay.">
      {member && <RemoveMemberForm member={member} onClose={onClose} onRemoved={onRemoved} />}
    </Dialog>
  );
}

function RemoveMemberForm({ member, onClose, onRemoved }: { member: MemberSummary } & Omit<Props, 'member'>) {
  const [revokeKeys, setRevokeKeys] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function remove() {
    setPending(true);
    const answer = await sendJson<{ keysRevoked: number }>('DELETE', `/api/dashboard/members/${encodeURIComponent(member.userId)}${revokeKeys ? '?revokeKeys=1' : ''}`);
    setPending(false);
    if (!answer.ok) {
      setError(answer.message);
      return;
    }
    onRemoved(answer.data.keysRevoked);
  }

  return (
    <div className="flex flex-col gap-4">
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={revokeKeys} onChange={(event) => setRevokeKeys(event.target.checked)} className="size-4 accent-brand-600" />
        Also revoke the keys they created ({member.activeKeys})
      </label>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {member.activeKeys === 0
          ? 'They have no usable keys in this workspace.'
          : revokeKeys
            ? `Calls with their ${member.activeKeys === 1 ? 'key' : `${member.activeKeys} keys`} will be refused (401) from now on.`
            : `Their ${member.activeKeys === 1 ? 'key keeps' : `${member.activeKeys} keys keep`} working, spending this workspace's credits.`}
      </p>
      <FormAlert message={error} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose} autoFocus>
          Cancel
        </Button>
        <Button variant="danger" onClick={() => void remove()} disabled={pending}>
          {pending ? 'Removing…' : 'Remove member'}
        </Button>
      </div>
    </div>
  );
}
