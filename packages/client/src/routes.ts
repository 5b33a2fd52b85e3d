// Where each /v2 operation lives, as plain data: the client needs method and path at run time
// but must not import the server's registry, which pulls in the database and platform code.
// tests/unit/client-routes.test.ts asserts this table equals the registry, so the two cannot drift.

/** One operation's address and the facts the client acts on. */
export type Route = {
  /** The operationId, also the client's method name. */
  id: string;
  method: 'GET' | 'POST' | 'DELETE';
  /** Template with `{name}` placeholders, as in the OpenAPI document. */
  path: string;
  /** Where the operation's inputs go: the query string, a JSON body, or nowhere. */
  input: 'query' | 'body' | null;
  /** Write operations change state: they get an Idempotency-Key and are retried only with one. */
  scope: 'read' | 'write';
  /** Takes `count` and `cursor` and answers `meta.next_cursor`. */
  paged: boolean;
};

/** The 39 operations of the contract, in its order, then the real-time ones, exports and usage. */
export const ROUTES = [
  { id: 'searchTweets', method: 'POST', path: '/v2/search', input: 'body', scope: 'read', paged: true },
  { id: 'searchUsers', method: 'POST', path: '/v2/search/users', input: 'body', scope: 'read', paged: true },
  { id: 'getUser', method: 'GET', path: '/v2/users/{username}', input: 'query', scope: 'read', paged: false },
  { id: 'getUserTweets', method: 'GET', path: '/v2/users/{username}/tweets', input: 'query', scope: 'read', paged: true },
  { id: 'getUserMentions', method: 'GET', path: '/v2/users/{username}/mentions', input: 'query', scope: 'read', paged: true },
  { id: 'getUserReplies', method: 'GET', path: '/v2/users/{username}/replies', input: 'query', scope: 'read', paged: true },
  { id: 'getUserMedia', method: 'GET', path: '/v2/users/{username}/media', input: 'query', scope: 'read', paged: true },
  { id: 'getUserFollowers', method: 'GET', path: '/v2/users/{username}/followers', input: 'query', scope: 'read', paged: true },
  { id: 'getUserFollowerIds', method: 'GET', path: '/v2/users/{username}/followers-ids', input: 'query', scope: 'read', paged: true },
  { id: 'getUserFollowing', method: 'GET', path: '/v2/users/{username}/following', input: 'query', scope: 'read', paged: true },
  { id: 'getUserVerifiedFollowers', method: 'GET', path: '/v2/users/{username}/verified-followers', input: 'query', scope: 'read', paged: true },
  { id: 'getUsersBatch', method: 'POST', path: '/v2/users/batch', input: 'body', scope: 'read', paged: false },
  { id: 'getTweet', method: 'GET', path: '/v2/tweets/{tweetId}', input: 'query', scope: 'read', paged: false },
  { id: 'getTweetConversation', method: 'GET', path: '/v2/tweets/{tweetId}/conversation', input: 'query', scope: 'read', paged: true },
  { id: 'getTweetQuotes', method: 'GET', path: '/v2/tweets/{tweetId}/quotes', input: 'query', scope: 'read', paged: true },
  { id: 'getTweetsBatch', method: 'POST', path: '/v2/tweets/batch', input: 'body', scope: 'read', paged: false },
  { id: 'getTweetRetweeters', method: 'GET', path: '/v2/tweets/{tweetId}/retweeters', input: 'query', scope: 'read', paged: true },
  { id: 'getTweetLikers', method: 'GET', path: '/v2/tweets/{tweetId}/likers', input: 'query', scope: 'read', paged: true },
  { id: 'getListTweets', method: 'GET', path: '/v2/lists/{listId}/tweets', input: 'query', scope: 'read', paged: true },
  { id: 'getListMembers', method: 'GET', path: '/v2/lists/{listId}/members', input: 'query', scope: 'read', paged: true },
  { id: 'getListSubscribers', method: 'GET', path: '/v2/lists/{listId}/subscribers', input: 'query', scope: 'read', paged: true },
  { id: 'getCommunity', method: 'GET', path: '/v2/communities/{communityId}', input: 'query', scope: 'read', paged: false },
  { id: 'getCommunityTweets', method: 'GET', path: '/v2/communities/{communityId}/tweets', input: 'query', scope: 'read', paged: true },
  { id: 'getCommunityMembers', method: 'GET', path: '/v2/communities/{communityId}/members', input: 'query', scope: 'read', paged: true },
  { id: 'getTrending', method: 'GET', path: '/v2/trending', input: 'query', scope: 'read', paged: false },
  { id: 'checkFollow', method: 'GET', path: '/v2/users/check-follow', input: 'query', scope: 'read', paged: false },
  { id: 'checkRetweet', method: 'GET', path: '/v2/tweets/{tweetId}/check-retweet', input: 'query', scope: 'read', paged: false },
  { id: 'checkLike', method: 'GET', path: '/v2/tweets/{tweetId}/check-like', input: 'query', scope: 'read', paged: false },
  { id: 'createTweet', method: 'POST', path: '/v2/tweets/create', input: 'body', scope: 'write', paged: false },
  { id: 'replyToTweet', method: 'POST', path: '/v2/tweets/reply', input: 'body', scope: 'write', paged: false },
  { id: 'quoteTweet', method: 'POST', path: '/v2/tweets/quote', input: 'body', scope: 'write', paged: false },
  { id: 'deleteTweet', method: 'DELETE', path: '/v2/tweets/{tweetId}', input: 'query', scope: 'write', paged: false },
  { id: 'likeTweet', method: 'POST', path: '/v2/tweets/{tweetId}/like', input: 'query', scope: 'write', paged: false },
  { id: 'unlikeTweet', method: 'DELETE', path: '/v2/tweets/{tweetId}/like', input: 'query', scope: 'write', paged: false },
  { id: 'retweetTweet', method: 'POST', path: '/v2/tweets/{tweetId}/retweet', input: 'query', scope: 'write', paged: false },
  { id: 'unretweetTweet', method: 'DELETE', path: '/v2/tweets/{tweetId}/retweet', input: 'query', scope: 'write', paged: false },
  { id: 'followUser', method: 'POST', path: '/v2/users/{username}/follow', input: 'query', scope: 'write', paged: false },
  { id: 'unfollowUser', method: 'DELETE', path: '/v2/users/{username}/follow', input: 'query', scope: 'write', paged: false },
  { id: 'getAccount', method: 'GET', path: '/v2/account', input: null, scope: 'read', paged: false },
  // Real-time: rules and webhook endpoints (the stream is read with perch.stream, not a method).
  { id: 'createRule', method: 'POST', path: '/v2/rules', input: 'body', scope: 'read', paged: false },
  { id: 'listRules', method: 'GET', path: '/v2/rules', input: 'query', scope: 'read', paged: false },
  { id: 'validateRule', method: 'POST', path: '/v2/rules/validate', input: 'body', scope: 'read', paged: false },
  { id: 'getRule', method: 'GET', path: '/v2/rules/{ruleId}', input: null, scope: 'read', paged: false },
  { id: 'updateRule', method: 'POST', path: '/v2/rules/{ruleId}', input: 'body', scope: 'read', paged: false },
  { id: 'pauseRule', method: 'POST', path: '/v2/rules/{ruleId}/pause', input: null, scope: 'read', paged: false },
  { id: 'resumeRule', method: 'POST', path: '/v2/rules/{ruleId}/resume', input: null, scope: 'read', paged: false },
  { id: 'deleteRule', method: 'DELETE', path: '/v2/rules/{ruleId}', input: null, scope: 'read', paged: false },
  { id: 'createWebhook', method: 'POST', path: '/v2/webhooks', input: 'body', scope: 'read', paged: false },
  { id: 'listWebhooks', method: 'GET', path: '/v2/webhooks', input: null, scope: 'read', paged: false },
  { id: 'rotateWebhookSecret', method: 'POST', path: '/v2/webhooks/{webhookId}/rotate-secret', input: 'body', scope: 'read', paged: false },
  { id: 'testWebhook', method: 'POST', path: '/v2/webhooks/{webhookId}/test', input: null, scope: 'read', paged: false },
  { id: 'listWebhookDeliveries', method: 'GET', path: '/v2/webhooks/{webhookId}/deliveries', input: 'query', scope: 'read', paged: false },
  { id: 'replayWebhookDelivery', method: 'POST', path: '/v2/webhooks/deliveries/{deliveryId}/replay', input: null, scope: 'read', paged: false },
  { id: 'deleteWebhook', method: 'DELETE', path: '/v2/webhooks/{webhookId}', input: null, scope: 'read', paged: false },
  // The event store: every event of the key's rules and of its workspace (perch.events wraps it).
  { id: 'listEvents', method: 'GET', path: '/v2/events', input: 'query', scope: 'read', paged: true },
  // Exports: whole result sets as jobs (perch.exports wraps these and the file download).
  { id: 'createExport', method: 'POST', path: '/v2/exports', input: 'body', scope: 'read', paged: false },
  { id: 'estimateExport', method: 'POST', path: '/v2/exports/estimate', input: 'body', scope: 'read', paged: false },
  { id: 'listExports', method: 'GET', path: '/v2/exports', input: 'query', scope: 'read', paged: false },
  { id: 'getExport', method: 'GET', path: '/v2/exports/{exportId}', input: null, scope: 'read', paged: false },
  { id: 'cancelExport', method: 'POST', path: '/v2/exports/{exportId}/cancel', input: null, scope: 'read', paged: false },
  { id: 'deleteExport', method: 'DELETE', path: '/v2/exports/{exportId}', input: null, scope: 'read', paged: false },
  // Usage: the dashboard's Usage figures and request log, through the API.
  { id: 'getUsage', method: 'GET', path: '/v2/usage', input: 'query', scope: 'read', paged: false },
  { id: 'listUsageEvents', method: 'GET', path: '/v2/usage/events', input: 'query', scope: 'read', paged: true },
] as const satisfies readonly Route[];

/** An operationId of the /v2 API. */
export type OperationId = (typeof ROUTES)[number]['id'];

/** The route of one operation, as a literal type. */
export type RouteOf<Id extends OperationId> = Extract<(typeof ROUTES)[number], { id: Id }>;

/** The operationIds of the paged operations, the ones `perch.paginate` covers. */
export type PagedOperationId = Extract<(typeof ROUTES)[number], { paged: true }>['id'];

/** The names of a path template's placeholders, in order: `/v2/users/{username}` → ['username']. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
}
