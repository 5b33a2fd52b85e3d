import { EXPORTABLE_OPERATIONS, type ExportableOperationId } from '@/lib/exports/exportable-operation-ids';
import type { ExportRecordKind } from '@/lib/exports/record-kind';
import type { Operation } from '../define-operation';
import { getCommunityMembers, getCommunityTweets } from '../operations/communities';
import { getListMembers, getListSubscribers, getListTweets } from '../operations/lists';
import { searchTweets, searchUsers } from '../operations/search';
import { getTweetConversation, getTweetLikers, getTweetQuotes, getTweetRetweeters } from '../operations/tweets';
import {
  getUserFollowerIds,
  getUserFollowers,
  getUserFollowing,
  getUserMedia,
  getUserMentions,
  getUserReplies,
  getUserTweets,
  getUserVerifiedFollowers,
} from '../operations/users';

export { EXPORTABLE_OPERATIONS };

// The operations themselves, imported from their modules (not looked up in the registry, which
// lists the export operations too: their body's schema is built from these).
const BY_ID = {
  searchTweets,
  searchUsers,
  getUserTweets,
  getUserMentions,
  getUserReplies,
  getUserMedia,
  getUserFollowers,
  getUserFollowerIds,
  getUserFollowing,
  getUserVerifiedFollowers,
  getTweetConversation,
  getTweetQuotes,
  getTweetRetweeters,
  getTweetLikers,
  getListTweets,
  getListMembers,
  getListSubscribers,
  getCommunityTweets,
  getCommunityMembers,
} as unknown as Record<ExportableOperationId, Operation>;

/** The exportable operation with this id, or null. */
export function exportableOperation(id: string): Operation | null {
  return Object.hasOwn(BY_ID, id) ? BY_ID[id as ExportableOperationId] : null;
}

/** The kind of record an exportable operation lists, from its unit of cost. */
export function recordKindOf(operation: Operation): ExportRecordKind {
  if (operation.cost.per !== 'item') throw new Error(`${operation.id} is not paged per item`);
  if (operation.cost.unit === 'id') return 'id';
  return operation.cost.unit === 'tweet' ? 'tweet' : 'user';
}
