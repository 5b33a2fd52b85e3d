import type { Platform } from '@/lib/platform/platform';
import { LOCAL_SYNTAX } from '@/lib/platform/syntax';
import { checkFollow } from './check-follow';
import { checkLike } from './check-like';
import { checkRetweet } from './check-retweet';
import { getCommunityMembers } from './community-members';
import { getCommunityTweets } from './community-tweets';
import { getCommunity } from './get-community';
import { getTweet } from './get-tweet';
import { getTweetsBatch } from './get-tweets-batch';
import { getUser } from './get-user';
import { getUserById } from './get-user-by-id';
import { getUsersBatch } from './get-users-batch';
import { getListMembers } from './list-members';
import { getListCounts } from './list-counts';
import { getListSubscribers } from './list-subscribers';
import { getListTweets } from './list-tweets';
import { searchTweets } from './search-tweets';
import { searchUsers } from './search-users';
import { getTrending } from './trending';
import { getTweetConversation } from './tweet-conversation';
import { getTweetLikers } from './tweet-likers';
import { getTweetQuotes } from './tweet-quotes';
import { getTweetRetweeters } from './tweet-retweeters';
import { getUserFollowerIds } from './user-follower-ids';
import { getUserFollowers } from './user-followers';
import { getUserFollowing } from './user-following';
import { getUserMedia } from './user-media';
import { getUserMentions } from './user-mentions';
import { getUserReplies } from './user-replies';
import { getUserTweets } from './user-tweets';
import { getUserVerifiedFollowers } from './user-verified-followers';
import { getViewerRelations } from './viewer-relations';
import { localPlatformWrites } from './write/platform-writes';

/**
 * The embedded platform's reads, on the platform schema of the shared pool. Its writes
 * (lib/platform/local/write) join these to make the full Platform.
 */
export const localPlatform: Platform = {
  name: 'local',
  syntax: LOCAL_SYNTAX,
  getUser,
  getUserById,
  getUsersBatch,
  getUserTweets,
  getUserReplies,
  getUserMedia,
  getUserMentions,
  getUserFollowers,
  getUserFollowing,
  getUserFollowerIds,
  getUserVerifiedFollowers,
  getTweet,
  getTweetsBatch,
  getTweetConversation,
  getTweetQuotes,
  getTweetRetweeters,
  getTweetLikers,
  getListTweets,
  getListMembers,
  getListCounts,
  getListSubscribers,
  getCommunity,
  getCommunityTweets,
  getCommunityMembers,
  searchTweets,
  searchUsers,
  getTrending,
  checkFollow,
  checkRetweet,
  checkLike,
  getViewerRelations,
  ...localPlatformWrites,
};
