import { z } from 'zod';
import { UserWithViewerSchema } from '@/lib/platform/records';
import { COSTS, defineOperation } from '../define-operation';
import { withUserViewer } from '../viewer';
import { maxCreditsField, pageFields, tweetSortField, userSortField, usernameField, usernamePathField } from '../inputs';
import { pageRequest, pageResult } from './page-result';
import { tweetPageOperation, userPageOperation } from './paged-operation';

const usernameParams = z.object({ username: usernamePathField });

export const getUser = defineOperation({
  id: 'getUser',
  tag: 'Users',
  method: 'GET',
  path: '/v2/users/{username}',
  summary: 'A user profile by username (case-insensitive, a leading @ is dropped)',
  scope: 'read',
  cost: COSTS.profile,
  params: usernameParams,
  query: z.object(maxCreditsField),
  response: UserWithViewerSchema,
  handler: async (ctx) => withUserViewer(ctx, { data: await ctx.platform.getUser(ctx.params.username) }),
});

const GRAPH_SORTS = 'Sort `default` is the newest relationship first; `followers` most followers first; `name` A→Z, case-insensitive.';

export const getUserTweets = tweetPageOperation({
  id: 'getUserTweets',
  tag: 'Users',
  path: '/v2/users/{username}/tweets',
  summary: "A user's own tweets and retweets, without replies",
  params: usernameParams,
  read: (platform, { username }, page) => platform.getUserTweets(username, page),
});
export const getUserMentions = tweetPageOperation({
  id: 'getUserMentions',
  tag: 'Users',
  path: '/v2/users/{username}/mentions',
  summary: 'Tweets mentioning the user',
  params: usernameParams,
  read: (platform, { username }, page) => platform.getUserMentions(username, page),
});
export const getUserReplies = tweetPageOperation({
  id: 'getUserReplies',
  tag: 'Users',
  path: '/v2/users/{username}/replies',
  summary: "A user's tweets and replies",
  params: usernameParams,
  read: (platform, { username }, page) => platform.getUserReplies(username, page),
});
export const getUserMedia = tweetPageOperation({
  id: 'getUserMedia',
  tag: 'Users',
  path: '/v2/users/{username}/media',
  summary: "A user's tweets with media",
  params: usernameParams,
  read: (platform, { username }, page) => platform.getUserMedia(username, page),
});

export const getUserFollowers = userPageOperation({
  id: 'getUserFollowers',
  tag: 'Users',
  path: '/v2/users/{username}/followers',
  summary: "A user's followers",
  description: GRAPH_SORTS,
  cost: COSTS.follower,
  params: usernameParams,
  read: (platform, { username }, page) => platform.getUserFollowers(username, page),
});
export const getUserFollowing = userPageOperation({
  id: 'getUserFollowing',
  tag: 'Users',
  path: '/v2/users/{username}/following',
  summary: 'The accounts a user follows',
  description: GRAPH_SORTS,
  cost: COSTS.follower,
  params: usernameParams,
  read: (platform, { username }, page) => platform.getUserFollowing(username, page),
});
export const getUserVerifiedFollowers = userPageOperation({
  id: 'getUserVerifiedFollowers',
  tag: 'Users',
  path: '/v2/users/{username}/verified-followers',
  summary: "A user's blue-verified followers",
  description: GRAPH_SORTS,
  cost: COSTS.follower,
  params: usernameParams,
  read: (platform, { username }, page) => platform.getUserVerifiedFollowers(username, page),
});

export const getUserFollowerIds = defineOperation({
  id: 'getUserFollowerIds',
  tag: 'Users',
  method: 'GET',
  path: '/v2/users/{username}/followers-ids',
  summary: "A user's follower ids, newest follow first",
  scope: 'read',
  cost: COSTS.id,
  paging: { maxCount: 5000 },
  params: usernameParams,
  query: z.object(pageFields(5000)),
  response: z.array(z.string()),
  handler: async (ctx) => pageResult(await ctx.platform.getUserFollowerIds(ctx.params.username, pageRequest(ctx))),
});

export const getUsersBatch = defineOperation({
  id: 'getUsersBatch',
  tag: 'Users',
  method: 'POST',
  path: '/v2/users/batch',
  summary: 'Up to 100 profiles by username',
  description: 'Found users come back in request order, each once; `meta.not_found` lists the usernames that matched nobody. max_credits must cover every requested username.',
  scope: 'read',
  cost: COSTS.profile,
  requestedItems: ({ body }) => new Set(body.usernames.map((u) => u.toLowerCase())).size,
  body: z.object({ usernames: z.array(usernameField).min(1).max(100), ...maxCreditsField }),
  response: z.array(UserWithViewerSchema),
  metaExtra: z.object({ not_found: z.array(z.string()) }),
  handler: async (ctx) => {
    const batch = await ctx.platform.getUsersBatch(ctx.body.usernames);
    return withUserViewer(ctx, { data: batch.items, meta: { not_found: batch.not_found } });
  },
});
