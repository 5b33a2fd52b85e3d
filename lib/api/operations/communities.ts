import { z } from 'zod';
import { CommunitySchema } from '@/lib/platform/records';
import { COSTS, defineOperation } from '../define-operation';
import { idField, maxCreditsField } from '../inputs';
import { tweetPageOperation, userPageOperation } from './paged-operation';

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

export const getCommunityTweets = tweetPageOperation({
  id: 'getCommunityTweets',
  tag: 'Communities',
  path: '/v2/communities/{communityId}/tweets',
  summary: 'Tweets posted in the community',
  params: communityParams,
  read: (platform, { communityId }, page) => platform.getCommunityTweets(communityId, page),
});

export const getCommunityMembers = userPageOperation({
  id: 'getCommunityMembers',
  tag: 'Communities',
  path: '/v2/communities/{communityId}/members',
  summary: 'The community’s members',
  description: 'Sort `default` is the newest member first.',
  cost: COSTS.member,
  params: communityParams,
  read: (platform, { communityId }, page) => platform.getCommunityMembers(communityId, page),
});
