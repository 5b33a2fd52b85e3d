import { NotFoundError } from '@/lib/platform/errors';
import type { Community, UserSummary } from '@/lib/platform/types';
import { storableId } from './ids';
import { isoTime, textOrNull } from './map-values';
import { runQuery } from './query';
import { toUserSummary, userSummaryJson } from './user-row';

type CommunityRow = {
  id: string;
  name: string;
  description: string | null;
  member_count: number;
  created_at: Date;
  creator: UserSummary;
  rules: string[];
};

const COMMUNITY_BY_ID = `SELECT c.id::text AS id, c.name, c.description, c.member_count, c.created_at, c.rules,
    ${userSummaryJson('cu')} AS creator
  FROM platform.communities c JOIN platform.users cu ON cu.id = c.creator_id
  WHERE c.id = $1`;

/** A community with its creator and rules. */
export async function getCommunity(communityId: string): Promise<Community> {
  const id = storableId(communityId);
  if (id === null) throw new NotFoundError('community');
  const rows = await runQuery<CommunityRow>(COMMUNITY_BY_ID, [id], { prepared: true });
  if (rows.length === 0) throw new NotFoundError('community');
  const row = rows[0];
  return {
    id: row.id,
    name: row.name,
    description: textOrNull(row.description),
    member_count: row.member_count,
    created_at: isoTime(row.created_at),
    creator: toUserSummary(row.creator),
    rules: row.rules ?? [],
  };
}
