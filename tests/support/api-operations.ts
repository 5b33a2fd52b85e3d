// The contract's 39 operations (section 7) as data, written from the contract rather than
// read from the registry, so that a registry drifting from the contract fails a test.

export type ParamKind = 'username' | 'tweetId' | 'listId' | 'communityId';
export type Unit = 'tweet' | 'profile' | 'follower' | 'member' | 'id' | 'check' | 'write' | 'trending' | 'free';
export type SortKind = 'tweet' | 'user';

export type ContractOperation = {
  id: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  unit: Unit;
  /** Paged with count and cursor; the number is the largest count. */
  maxCount?: number;
  sort?: SortKind;
  write?: boolean;
};

const paged = (sort: SortKind, maxCount = 1000) => ({ maxCount, sort });

export const CONTRACT_OPERATIONS: ContractOperation[] = [
  { id: 'searchTweets', method: 'POST', path: '/v2/search', unit: 'tweet', ...paged('tweet') },
  { id: 'searchUsers', method: 'POST', path: '/v2/search/users', unit: 'profile', ...paged('user') },
  { id: 'getUser', method: 'GET', path: '/v2/users/{username}', unit: 'profile' },
  { id: 'getUserTweets', method: 'GET', path: '/v2/users/{username}/tweets', unit: 'tweet', ...paged('tweet') },
  { id: 'getUserMentions', method: 'GET', path: '/v2/users/{username}/mentions', unit: 'tweet', ...paged('tweet') },
  { id: 'getUserReplies', method: 'GET', path: '/v2/users/{username}/replies', unit: 'tweet', ...paged('tweet') },
  { id: 'getUserMedia', method: 'GET', path: '/v2/users/{username}/media', unit: 'tweet', ...paged('tweet') },
  { id: 'getUserFollowers', method: 'GET', path: '/v2/users/{username}/followers', unit: 'follower', ...paged('user') },
  { id: 'getUserFollowerIds', method: 'GET', path: '/v2/users/{username}/followers-ids', unit: 'id', maxCount: 5000 },
  { id: 'getUserFollowing', method: 'GET', path: '/v2/users/{username}/following', unit: 'follower', ...paged('user') },
  { id: 'getUserVerifiedFollowers', method: 'GET', path: '/v2/users/{username}/verified-followers', unit: 'follower', ...paged('user') },
  { id: 'getUsersBatch', method: 'POST', path: '/v2/users/batch', unit: 'profile' },
  { id: 'getTweet', method: 'GET', path: '/v2/tweets/{tweetId}', unit: 'tweet' },
  { id: 'getTweetConversation', method: 'GET', path: '/v2/tweets/{tweetId}/conversation', unit: 'tweet', ...paged('tweet') },
  { id: 'getTweetQuotes', method: 'GET', path: '/v2/tweets/{tweetId}/quotes', unit: 'tweet', ...paged('tweet') },
  { id: 'getTweetsBatch', method: 'POST', path: '/v2/tweets/batch', unit: 'tweet' },
  { id: 'getTweetRetweeters', method: 'GET', path: '/v2/tweets/{tweetId}/retweeters', unit: 'follower', ...paged('user') },
  { id: 'getTweetLikers', method: 'GET', path: '/v2/tweets/{tweetId}/likers', unit: 'follower', ...paged('user') },
  { id: 'getListTweets', method: 'GET', path: '/v2/lists/{listId}/tweets', unit: 'tweet', ...paged('tweet') },
  { id: 'getListMembers', method: 'GET', path: '/v2/lists/{listId}/members', unit: 'member', ...paged('user') },
  { id: 'getListSubscribers', method: 'GET', path: '/v2/lists/{listId}/subscribers', unit: 'member', ...paged('user') },
  { id: 'getCommunity', method: 'GET', path: '/v2/communities/{communityId}', unit: 'profile' },
  { id: 'getCommunityTweets', method: 'GET', path: '/v2/communities/{communityId}/tweets', unit: 'tweet', ...paged('tweet') },
  { id: 'getCommunityMembers', method: 'GET', path: '/v2/communities/{communityId}/members', unit: 'member', ...paged('user') },
  { id: 'getTrending', method: 'GET', path: '/v2/trending', unit: 'trending' },
  { id: 'checkFollow', method: 'GET', path: '/v2/users/check-follow', unit: 'check' },
  { id: 'checkRetweet', method: 'GET', path: '/v2/tweets/{tweetId}/check-retweet', unit: 'check' },
  { id: 'checkLike', method: 'GET', path: '/v2/tweets/{tweetId}/check-like', unit: 'check' },
  { id: 'createTweet', method: 'POST', path: '/v2/tweets/create', unit: 'write', write: true },
  { id: 'replyToTweet', method: 'POST', path: '/v2/tweets/reply', unit: 'write', write: true },
  { id: 'quoteTweet', method: 'POST', path: '/v2/tweets/quote', unit: 'write', write: true },
  { id: 'deleteTweet', method: 'DELETE', path: '/v2/tweets/{tweetId}', unit: 'write', write: true },
  { id: 'likeTweet', method: 'POST', path: '/v2/tweets/{tweetId}/like', unit: 'write', write: true },
  { id: 'unlikeTweet', method: 'DELETE', path: '/v2/tweets/{tweetId}/like', unit: 'write', write: true },
  { id: 'retweetTweet', method: 'POST', path: '/v2/tweets/{tweetId}/retweet', unit: 'write', write: true },
  { id: 'unretweetTweet', method: 'DELETE', path: '/v2/tweets/{tweetId}/retweet', unit: 'write', write: true },
  { id: 'followUser', method: 'POST', path: '/v2/users/{username}/follow', unit: 'write', write: true },
  { id: 'unfollowUser', method: 'DELETE', path: '/v2/users/{username}/follow', unit: 'write', write: true },
  { id: 'getAccount', method: 'GET', path: '/v2/account', unit: 'free' },
];

/** The path parameter an operation takes, if any. */
export function paramOf(operation: ContractOperation): ParamKind | undefined {
  return /\{(\w+)\}/.exec(operation.path)?.[1] as ParamKind | undefined;
}

/** The operation's path with its parameter filled in. */
export function pathOf(operation: ContractOperation, value: string): string {
  return operation.path.replace(/\{\w+\}/, encodeURIComponent(value));
}
