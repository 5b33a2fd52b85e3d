/**
 * The paged read operations an export can run to the end (issue 29): searches, timelines,
 * the follow graph, a tweet's conversation, quotes, likers and retweeters, lists and
 * communities. Listed by id: an operation is exportable because it lists records page by page.
 */
export const EXPORTABLE_OPERATIONS = [
  'searchTweets',
  'searchUsers',
  'getUserTweets',
  'getUserMentions',
  'getUserReplies',
  'getUserMedia',
  'getUserFollowers',
  'getUserFollowerIds',
  'getUserFollowing',
  'getUserVerifiedFollowers',
  'getTweetConversation',
  'getTweetQuotes',
  'getTweetRetweeters',
  'getTweetLikers',
  'getListTweets',
  'getListMembers',
  'getListSubscribers',
  'getCommunityTweets',
  'getCommunityMembers',
] as const;

export type ExportableOperationId = (typeof EXPORTABLE_OPERATIONS)[number];
