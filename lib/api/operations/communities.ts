import { z } from 'zod';
import { CommunitySchema, TweetSchema, UserSchema } from '@/lib/platform/records';
import { COSTS, defineOperation } from '../define-operation';
import { idField, maxCreditsField, pageFields, tweetSortField, userSortField } from '../inputs';
import { pageRequest, pageResult } from './page-result';

const communityParams = z.object({ communityId: idField });

export const getCommunity = defineOperation({
  id: 'getCommunity',
  tag: 'Communities',
  method: 'GET',
  path: '/v2/communities/{communityId}',
  summary: 'A community: name, description, members, creator, rules',
  scope: 'read',
  cost: COSTS.profile,
  params: communityParams,
  query: z.object(maxCreditsField),
  response: CommunitySchema,
  handler: async ({ platform, params }) => ({ data: await platform.getCommunity(params.communityId) }),
});

export const getCommunityTweets = defineOperation({
  id: 'getCommunityTweets',
  tag: 'Communities',
  method: 'GET',
  path: '/v2/communities/{communityId}/tweets',
  summary: 'Tweets posted in the community',
  scope: 'read',
  cost: COSTS.tweet,
  paging: { maxCount: 1000 },
  params: communityParams,
  query: z.object({ ...pageFields(), sort: tweetSortField.default('latest') }),
  response: z.array(TweetSchema),
  handler: async (ctx) => pageResult(await ctx.platform.getCommunityTweets(ctx.params.communityId, pageRequest(ctx, ctx.query.sort))),
});

export const getCommunityMembers = defineOperation({
  id: 'getCommunityMembers',
  tag: 'Communities',
  method: 'GET',
  path: '/v2/communities/{communityId}/members',
  summary: 'The community’s members',
  description: 'Sort `default` is the newest member first.',
  scope: 'read',
  cost: COSTS.member,
  paging: { maxCount: 1000 },
  params: communityParams,
  query: z.object({ ...pageFields(), sort: userSortField.default('default') }),
  response: z.array(UserSchema),
  handler: async (ctx) => pageResult(await ctx.platform.getCommunityMembers(ctx.params.communityId, pageRequest(ctx, ctx.query.sort))),
});
