'use client';

import { Button } from '@/components/ui/button';
import { TABLE_CLASSES, TD_CLASSES, TH_CLASSES, TableScroll } from '@/components/ui/table-scroll';
import { formatDate, formatDateTime } from '@/lib/dashboard/format';
import type { PendingInvitation } from '@/lib/workspaces/list-members';
import { ROLE_LABELS } from '@/lib/workspaces/roles';

type Props = {
  invitations: PendingInvitation[];
  canManageOwners: boolean;
  onResend: (invitation: PendingInvitation) => void;
  onRevoke: (invitation: PendingInvitation) => void;
};

/** Invitations not yet answered, with when they expire, and Resend / Revoke. */
export function InvitationsTable({ invitations, canManageOwners, onResend, onRevoke }: Props) {
  if (invitations.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No pending invitations.</p>;
  return (
    <TableScroll label="Invitations not yet answered">
      <table className={TABLE_CLASSES}>
        <thead>
          <tr>
            <th scope="col" className={TH_CLASSES}>Email</th>
            <th scope="col" className={TH_CLASSES}>Role</th>
            <th scope="col" className={TH_CLASSES}>Invited by</th>
            <th scope="col" className={TH_CLASSES}>Expires</th>
            <th scope="col" className={TH_CLASSES}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invitations.map((invitation) => (
            <tr key={invitation.id}>
              <th scope="row" className={`${TD_CLASSES} font-medium`}>
                {invitation.email}
              </th>
              <td className={TD_CLASSES}>{ROLE_LABELS[invitation.role]}</td>
              <td className={TD_CLASSES}>{invitation.invitedBy ?? '—'}</td>
              <td className={`${TD_CLASSES} whitespace-nowrap`} title={`Last mailed ${formatDateTime(invitation.lastSentAt)} (${invitation.sendCount}×)`}>
                {invitation.expired ? <span className="text-red-700 dark:text-red-400">Expired {formatDate(invitation.expiresAt)}</span> : formatDateTime(invitation.expiresAt)}
              </td>
              <td className={`${TD_CLASSES} whitespace-nowrap text-right`}>
                {(invitation.role !== 'owner' || canManageOwners) && (
                  <>
                    <Button variant="ghost" className="px-3 py-1" onClick={() => onResend(invitation)} aria-label={`Resend the invitation to ${invitation.email}`}>
                      Resend
                    </Button>
                    <Button variant="ghost" className="px-3 py-1" onClick={() => onRevoke(invitation)} aria-label={`Revoke the invitation to ${invitation.email}`}>
                      Revoke
                    </Button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
