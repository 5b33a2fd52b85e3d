import { fetchJson } from '@/components/dashboard/fetch-json';
import type { MemberSummary, PendingInvitation } from '@/lib/workspaces/list-members';

export type MembersData = { members: MemberSummary[]; invitations: PendingInvitation[] };

export const MEMBERS_QUERY_KEY = ['members'] as const;

/** The workspace's members and pending invitations from the dashboard route. */
export function fetchMembers(): Promise<MembersData> {
  return fetchJson<MembersData>('/api/dashboard/members');
}
