import type { RequestOptions } from './build-request';
import type { InputOf, ItemOf, PerchResult } from './operation-types';
import type { PageLimits, Paginator } from './paginate';
import type { OperationId, PagedOperationId, RouteOf } from './routes';

// The call signature of each operation: its path parameter first (named after the path's
// placeholder, for editors' hints), then its query or body as one object, then per-call options.

type PathParamName<Id extends OperationId> = RouteOf<Id>['path'] extends `${string}{${infer Name}}${string}` ? Name : never;

type PathArgs<Id extends OperationId> = [PathParamName<Id>] extends [never]
  ? []
  : PathParamName<Id> extends 'username'
    ? [username: string]
    : PathParamName<Id> extends 'tweetId'
      ? [tweetId: string]
      : PathParamName<Id> extends 'listId'
        ? [listId: string]
        : PathParamName<Id> extends 'communityId'
          ? [communityId: string]
          : PathParamName<Id> extends 'ruleId'
            ? [ruleId: string]
            : PathParamName<Id> extends 'webhookId'
              ? [webhookId: string]
              : PathParamName<Id> extends 'exportId'
                ? [exportId: string]
                : [deliveryId: string];

// An input with a required field (searchTweets' query) must be passed; one with none may be left out.
type InputArgs<Id extends OperationId> = RouteOf<Id>['input'] extends null ? [] : {} extends InputOf<Id> ? [input?: InputOf<Id>] : [input: InputOf<Id>];

/** One operation's method: `perch.getUserTweets('jack', { count: 50, sort: 'popular' })`. */
export type Method<Id extends OperationId> = (...args: [...PathArgs<Id>, ...InputArgs<Id>, options?: RequestOptions]) => Promise<PerchResult<Id>>;

/** Per-call options of a pagination: those of a request plus its limits. */
export type PaginateOptions = RequestOptions & PageLimits;

/** One paged operation's paginator: `perch.paginate.searchTweets({ query }, { maxItems: 100 })`. */
export type PaginateMethod<Id extends PagedOperationId> = (
  ...args: [...PathArgs<Id>, ...InputArgs<Id>, options?: PaginateOptions]
) => Paginator<ItemOf<Id>, PerchResult<Id>>;

/** A paginator for every paged operation, following meta.next_cursor. */
export type Paginators = { [Id in PagedOperationId]: PaginateMethod<Id> };

/** One method per /v2 operation, named by its operationId. */
export type PerchMethods = {
  /** Full-text tweet search with operators. `POST /v2/search`, 15 credits per tweet. */
  searchTweets: Method<'searchTweets'>;
  /** User search over name, bio and username. `POST /v2/search/users`, 18 credits per profile. */
  searchUsers: Method<'searchUsers'>;
  /** A user profile by username (case-insensitive, a leading @ is dropped). `GET /v2/users/{username}`, 18 credits per profile. */
  getUser: Method<'getUser'>;
  /** A user's own tweets and retweets, without replies. `GET /v2/users/{username}/tweets`, 15 credits per tweet. */
  getUserTweets: Method<'getUserTweets'>;
  /** Tweets mentioning the user. `GET /v2/users/{username}/mentions`, 15 credits per tweet. */
  getUserMentions: Method<'getUserMentions'>;
  /** A user's tweets and replies. `GET /v2/users/{username}/replies`, 15 credits per tweet. */
  getUserReplies: Method<'getUserReplies'>;
  /** A user's tweets with media. `GET /v2/users/{username}/media`, 15 credits per tweet. */
  getUserMedia: Method<'getUserMedia'>;
  /** A user's followers. `GET /v2/users/{username}/followers`, 1 credit per follower. */
  getUserFollowers: Method<'getUserFollowers'>;
  /** A user's follower ids, newest follow first. `GET /v2/users/{username}/followers-ids`, 1 credit per id. */
  getUserFollowerIds: Method<'getUserFollowerIds'>;
  /** The accounts a user follows. `GET /v2/users/{username}/following`, 1 credit per follower. */
  getUserFollowing: Method<'getUserFollowing'>;
  /** A user's blue-verified followers. `GET /v2/users/{username}/verified-followers`, 1 credit per follower. */
  getUserVerifiedFollowers: Method<'getUserVerifiedFollowers'>;
  /** Up to 100 profiles by username. `POST /v2/users/batch`, 18 credits per profile. */
  getUsersBatch: Method<'getUsersBatch'>;
  /** A tweet by id. `GET /v2/tweets/{tweetId}`, 15 credits per tweet. */
  getTweet: Method<'getTweet'>;
  /** Replies in the tweet’s thread. `GET /v2/tweets/{tweetId}/conversation`, 15 credits per tweet. */
  getTweetConversation: Method<'getTweetConversation'>;
  /** Tweets quoting the tweet. `GET /v2/tweets/{tweetId}/quotes`, 15 credits per tweet. */
  getTweetQuotes: Method<'getTweetQuotes'>;
  /** Up to 100 tweets by id. `POST /v2/tweets/batch`, 15 credits per tweet. */
  getTweetsBatch: Method<'getTweetsBatch'>;
  /** Users who retweeted the tweet. `GET /v2/tweets/{tweetId}/retweeters`, 1 credit per follower. */
  getTweetRetweeters: Method<'getTweetRetweeters'>;
  /** Users who liked the tweet. `GET /v2/tweets/{tweetId}/likers`, 1 credit per follower. */
  getTweetLikers: Method<'getTweetLikers'>;
  /** Tweets by the list’s members. `GET /v2/lists/{listId}/tweets`, 15 credits per tweet. */
  getListTweets: Method<'getListTweets'>;
  /** The list’s members. `GET /v2/lists/{listId}/members`, 1 credit per member. */
  getListMembers: Method<'getListMembers'>;
  /** The list’s subscribers. `GET /v2/lists/{listId}/subscribers`, 1 credit per member. */
  getListSubscribers: Method<'getListSubscribers'>;
  /** A community: name, description, members, creator, rules. `GET /v2/communities/{communityId}`, 18 credits per profile. */
  getCommunity: Method<'getCommunity'>;
  /** Tweets posted in the community. `GET /v2/communities/{communityId}/tweets`, 15 credits per tweet. */
  getCommunityTweets: Method<'getCommunityTweets'>;
  /** The community’s members. `GET /v2/communities/{communityId}/members`, 1 credit per member. */
  getCommunityMembers: Method<'getCommunityMembers'>;
  /** Trending hashtags for a country or Worldwide. `GET /v2/trending`, 100 credits per call. */
  getTrending: Method<'getTrending'>;
  /** Whether source follows target, and target follows source. `GET /v2/users/check-follow`, 50 credits per call. */
  checkFollow: Method<'checkFollow'>;
  /** Whether a user retweeted or quoted the tweet. `GET /v2/tweets/{tweetId}/check-retweet`, 50 credits per call. */
  checkRetweet: Method<'checkRetweet'>;
  /** Whether a user liked the tweet. `GET /v2/tweets/{tweetId}/check-like`, 50 credits per call. */
  checkLike: Method<'checkLike'>;
  /** Post a tweet. `POST /v2/tweets/create`, 100 credits per call. */
  createTweet: Method<'createTweet'>;
  /** Reply to a tweet. `POST /v2/tweets/reply`, 100 credits per call. */
  replyToTweet: Method<'replyToTweet'>;
  /** Quote a tweet. `POST /v2/tweets/quote`, 100 credits per call. */
  quoteTweet: Method<'quoteTweet'>;
  /** Delete one of your tweets. `DELETE /v2/tweets/{tweetId}`, 100 credits per call. */
  deleteTweet: Method<'deleteTweet'>;
  /** Like a tweet. `POST /v2/tweets/{tweetId}/like`, 100 credits per call. */
  likeTweet: Method<'likeTweet'>;
  /** Undo a like. `DELETE /v2/tweets/{tweetId}/like`, 100 credits per call. */
  unlikeTweet: Method<'unlikeTweet'>;
  /** Retweet a tweet. `POST /v2/tweets/{tweetId}/retweet`, 100 credits per call. */
  retweetTweet: Method<'retweetTweet'>;
  /** Undo a retweet. `DELETE /v2/tweets/{tweetId}/retweet`, 100 credits per call. */
  unretweetTweet: Method<'unretweetTweet'>;
  /** Follow a user. `POST /v2/users/{username}/follow`, 100 credits per call. */
  followUser: Method<'followUser'>;
  /** Unfollow a user. `DELETE /v2/users/{username}/follow`, 100 credits per call. */
  unfollowUser: Method<'unfollowUser'>;
  /** Your account: balance, this key, the connected platform account. `GET /v2/account`, free. */
  getAccount: Method<'getAccount'>;
  /** A filter rule (query) or account monitor of this key. `POST /v2/rules`, free; each delivered match costs 15 credits. */
  createRule: Method<'createRule'>;
  /** This key's rules, oldest first. `GET /v2/rules`, free. */
  listRules: Method<'listRules'>;
  /** Checks a rule without saving it. `POST /v2/rules/validate`, free. */
  validateRule: Method<'validateRule'>;
  /** One rule. `GET /v2/rules/{ruleId}`, free. */
  getRule: Method<'getRule'>;
  /** Replaces a rule's tag and definition. `POST /v2/rules/{ruleId}`, free. */
  updateRule: Method<'updateRule'>;
  /** Pauses a rule. `POST /v2/rules/{ruleId}/pause`, free. */
  pauseRule: Method<'pauseRule'>;
  /** Resumes a rule. `POST /v2/rules/{ruleId}/resume`, free. */
  resumeRule: Method<'resumeRule'>;
  /** Deletes a rule and its matches. `DELETE /v2/rules/{ruleId}`, free. */
  deleteRule: Method<'deleteRule'>;
  /** Registers a webhook endpoint; the answer shows its signing secret once. `POST /v2/webhooks`, free. */
  createWebhook: Method<'createWebhook'>;
  /** Your webhook endpoints. `GET /v2/webhooks`, free. */
  listWebhooks: Method<'listWebhooks'>;
  /** Deletes a webhook endpoint. `DELETE /v2/webhooks/{webhookId}`, free. */
  deleteWebhook: Method<'deleteWebhook'>;
  /** A new signing secret, the old one signing too during the overlap. `POST /v2/webhooks/{webhookId}/rotate-secret`, free. */
  rotateWebhookSecret: Method<'rotateWebhookSecret'>;
  /** An endpoint's delivery log. `GET /v2/webhooks/{webhookId}/deliveries`, free. */
  listWebhookDeliveries: Method<'listWebhookDeliveries'>;
  /** Sends a signed test event. `POST /v2/webhooks/{webhookId}/test`, free. */
  testWebhook: Method<'testWebhook'>;
  /** Sends a delivered or failed delivery again. `POST /v2/webhooks/deliveries/{deliveryId}/replay`, free. */
  replayWebhookDelivery: Method<'replayWebhookDelivery'>;
  /** The stored events of this key's rules and its workspace, oldest first (perch.events.list). `GET /v2/events`, free. */
  listEvents: Method<'listEvents'>;
  /** Starts an export: every record of a paged read operation, to a file (perch.exports.create). `POST /v2/exports`, free; its pages are charged as they are written. */
  createExport: Method<'createExport'>;
  /** What an export would return and cost (perch.exports.estimate). `POST /v2/exports/estimate`, free. */
  estimateExport: Method<'estimateExport'>;
  /** The workspace's exports, newest first (perch.exports.list). `GET /v2/exports`, free. */
  listExports: Method<'listExports'>;
  /** One export: status, progress, charge (perch.exports.get). `GET /v2/exports/{exportId}`, free. */
  getExport: Method<'getExport'>;
  /** Cancels an unfinished export (perch.exports.cancel). `POST /v2/exports/{exportId}/cancel`, free. */
  cancelExport: Method<'cancelExport'>;
  /** Deletes an export's file and record (perch.exports.delete). `DELETE /v2/exports/{exportId}`, free. */
  deleteExport: Method<'deleteExport'>;
  /** The workspace's calls, items, credits and errors per UTC day, operation, key or platform, as the dashboard's Usage page adds them up. `GET /v2/usage`, free. */
  getUsage: Method<'getUsage'>;
  /** The request log, newest first, each call with what it was sent (paginate with perch.paginate.listUsageEvents). `GET /v2/usage/events`, free. */
  listUsageEvents: Method<'listUsageEvents'>;
};
