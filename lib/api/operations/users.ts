import { z } from 'zod';
import { UserSchema, TweetSchema } from '@/lib/platform/records';
import { COSTS, defineOperation } from '../define-operation';
import { maxCreditsField, pageFields, tweetSortField, userSortField, usernameField, usernamePathField } from '../inputs';
import { pageRequest, pageResult } from './page-result';

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
  response: UserSchema,
  handler: async ({ platform, params }) => ({ data: await platform.getUser(params.username) }),
});

type UserTweetsMethod = 'getUserTweets' | 'getUserMentions' | 'getUserReplies' | 'getUserMedia';

// Operations 4–7 differ only in path, summary and the platform method they page through.
function userTweetsOperation(id: UserTweetsMethod, segment: string, summary: string) {
  return defineOperation({
    id,
    tag: 'Users',
    method: 'GET',
    path: `/v2/users/{username}/${segment}`,
    summary,
    scope: 'read',
    cost: COSTS.tweet,
    paging: { maxCount: 1000 },
    params: usernameParams,
    query: z.object({ ...pageFields(), sort: tweetSortField.default('latest') }),
    response: z.array(TweetSchema),
    handler: async (ctx) => pageResult(await ctx.platform[id](ctx.params.username, pageRequest(ctx, ctx.query.sort))),
  });
}

export const getUserTweets = userTweetsOperation('getUserTweets', 'tweets', "A user's own tweets and retweets, without replies");
export const getUserMentions = userTweetsOperation('getUserMentions', 'mentions', 'Tweets mentioning the user');
export const getUserReplies = userTweetsOperation('getUserReplies', 'replies', "A user's tweets and replies");
export const getUserMedia = userTweetsOperation('getUserMedia', 'media', "A user's tweets with media");

type UserGraphMethod = 'getUserFollowers' | 'getUserFollowing' | 'getUserVerifiedFollowers';

function userGraphOperation(id: UserGraphMethod, segment: string, summary: string) {
  return defineOperation({
    id,
    tag: 'Users',
    method: 'GET',
    path: `/v2/users/{username}/${segment}`,
    summary,
    description: 'Sort `default` is the newest relationship first; `followers` most followers first; `name` A→Z, case-insensitive.',
    scope: 'read',
    cost: COSTS.follower,
    paging: { maxCount: 1000 },
    params: usernameParams,
    query: z.object({ ...pageFields(), sort: userSortField.default('default') }),
    response: z.array(UserSchema),
    handler: async (ctx) => pageResult(await ctx.platform[id](ctx.params.username, pageRequest(ctx, ctx.query.sort))),
  });
}

export const getUserFollowers = userGraphOperation('getUserFollowers', 'followers', "A user's followers");
export const getUserFollowing = userGraphOperation('getUserFollowing', 'following', 'The accounts a user follows');
export const getUserVerifiedFollowers = userGraphOperation('getUserVerifiedFollowers', 'verified-followers', "A user's blue-verified followers");

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
  response: z.array(UserSchema),
  metaExtra: z.object({ not_found: z.array(z.string()) }),
  handler: async ({ platform, body }) => {
    const batch = await platform.getUsersBatch(body.usernames);
    return { data: batch.items, meta: { not_found: batch.not_found } };
  },
});
