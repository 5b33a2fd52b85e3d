'use client';

import { Button } from '@/components/ui/button';
import { INPUT_CLASSES } from '@/components/ui/text-field';
import { TABLE_CLASSES, TD_CLASSES, TH_CLASSES, TableScroll } from '@/components/ui/table-scroll';
import { formatDate } from '@/lib/dashboard/format';
import type { MemberSummary } from '@/lib/workspaces/list-members';
import { ROLE_LABELS, type Role } from '@/lib/workspaces/roles';

type Props = {
  members: MemberSummary[];
  /** The roles the viewer may hand out; empty when they manage no one. */
  assignable: Role[];
  canManageOwners: boolean;
  myId: string;
  /** A personal workspace's own person (id = workspace id) is never removed from it. */
  workspaceId: string;
  onRoleChange: (member: MemberSummary, role: Role) => void;
  onRemove: (member: MemberSummary) => void;
};

/** Every member with their role and join date; a role select and Remove where the viewer's role allows. */
export function MembersTable({ members, assignable, canManageOwners, myId, workspaceId, onRoleChange, onRemove }: Props) {
  const manages = (member: MemberSummary) => assignable.length > 0 && member.userId !== myId && (member.role !== 'owner' || canManageOwners);
  return (
    <TableScroll label="Members">
      <table className={TABLE_CLASSES}>
        <thead>
          <tr>
            <th scope="col" className={TH_CLASSES}>Email</th>
            <th scope="col" className={TH_CLASSES}>Role</th>
            <th scope="col" className={TH_CLASSES}>Joined</th>
            <th scope="col" className={TH_CLASSES}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.userId}>
              <th scope="row" className={`${TD_CLASSES} font-medium`}>
                {member.email}
                {member.userId === myId && <span className="ml-2 text-xs font-normal text-slate-500 dark:text-slate-400">(you)</span>}
              </th>
              <td className={TD_CLASSES}>
                {manages(member) ? (
                  <select aria-label={`Role of ${member.email}`} value={member.role} onChange={(event) => onRoleChange(member, event.target.value as Role)} className={`${INPUT_CLASSES} w-auto py-1`}>
                    {(assignable.includes(member.role) ? assignable : [member.role, ...assignable]).map((role) => (
                      <option key={role} value={role}>
                        {ROLE_LABELS[role]}
                      </option>
                    ))}
                  </select>
                ) : (
                  ROLE_LABELS[member.role]
                )}
              </td>
              <td className={`${TD_CLASSES} whitespace-nowrap`}>{formatDate(member.joinedAt)}</td>
              <td className={`${TD_CLASSES} whitespace-nowrap text-right`}>
                {manages(member) && member.userId !== workspaceId && (
                  <Button variant="ghost" className="px-3 py-1" onClick={() => onRemove(member)} aria-label={`Remove ${member.email}`}>
                    Remove
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
