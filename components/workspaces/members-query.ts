import { fetchJson } from '@/components/dashboard/fetch-json';
import type { MemberSummary, PendingInvitation } from '@/lib/workspaces/list-members';

export type MembersData = { members: MemberSummary[]; invitations: PendingInvitation[] };

/** Per workspace: after switching workspaces, another workspace's list is never shown from the cache. */
export function membersQueryKey(workspaceId: string): readonly string[] {
  return ['members', workspaceId];
}

/** The workspace's members and pending invitations from the dashboard route. */
export function fetchMembers(): Promise<MembersData> {
  return fetchJson<MembersData>('/api/dashboard/members');
}
