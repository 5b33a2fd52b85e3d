import type { Operation } from './define-operation';
import { getAccount } from './operations/account';
import { getTrending } from './operations/analytics';
import { RULE_OPERATIONS } from './operations/rules';
import { WEBHOOK_OPERATIONS } from './operations/webhooks';
import { EXPORT_OPERATIONS } from './operations/exports';
import { EXPORT_FILE_OPERATIONS } from './operations/export-files';
import { USAGE_OPERATIONS } from './operations/usage';
import { streamMatches } from './operations/stream';
import { listEvents } from './operations/events';
import { checkFollow, checkLike, checkRetweet } from './operations/checks';
import { getCommunity, getCommunityMembers, getCommunityTweets } from './operations/communities';
import { getListMembers, getListSubscribers, getListTweets } from './operations/lists';
import { searchTweets, searchUsers } from './operations/search';
import { getTweet, getTweetConversation, getTweetLikers, getTweetQuotes, getTweetRetweeters, getTweetsBatch } from './operations/tweets';
import {
  getUser,
  getUserFollowerIds,
  getUserFollowers,
  getUserFollowing,
  getUserMedia,
  getUserMentions,
  getUserReplies,
  getUserTweets,
  getUserVerifiedFollowers,
  getUsersBatch,
} from './operations/users';
import {
  createTweet,
  deleteTweet,
  followUser,
  likeTweet,
  quoteTweet,
  replyToTweet,
  retweetTweet,
  unfollowUser,
  unlikeTweet,
  unretweetTweet,
} from './operations/writes';

/** The 39 operations of the contract, in its order, then the real-time ones (rules, webhooks, stream), the event store's listing, exports and usage. */
export const OPERATIONS = [
  searchTweets,
  searchUsers,
  getUser,
  getUserTweets,
  getUserMentions,
  getUserReplies,
  getUserMedia,
  getUserFollowers,
  getUserFollowerIds,
  getUserFollowing,
  getUserVerifiedFollowers,
  getUsersBatch,
  getTweet,
  getTweetConversation,
  getTweetQuotes,
  getTweetsBatch,
  getTweetRetweeters,
  getTweetLikers,
  getListTweets,
  getListMembers,
  getListSubscribers,
  getCommunity,
  getCommunityTweets,
  getCommunityMembers,
  getTrending,
  checkFollow,
  checkRetweet,
  checkLike,
  createTweet,
  replyToTweet,
  quoteTweet,
  deleteTweet,
  likeTweet,
  unlikeTweet,
  retweetTweet,
  unretweetTweet,
  followUser,
  unfollowUser,
  getAccount,
  ...RULE_OPERATIONS,
  ...WEBHOOK_OPERATIONS,
  listEvents,
  ...EXPORT_OPERATIONS,
  ...USAGE_OPERATIONS,
] as unknown as readonly Operation[];

/**
 * Everything the router serves and the OpenAPI document lists: the JSON operations, GET
 * /v2/stream and the export's download and events, whose answers are an event stream or a file
 * (so the client, playground and docs, which expect the envelope, take OPERATIONS and the client
 * reads streams and files its own way).
 */
export const ROUTED_OPERATIONS = [...OPERATIONS, streamMatches, ...EXPORT_FILE_OPERATIONS] as unknown as readonly Operation[];

/** An operation by its operationId. */
export function findOperation(id: string): Operation | undefined {
  return OPERATIONS.find((operation) => operation.id === id);
}
