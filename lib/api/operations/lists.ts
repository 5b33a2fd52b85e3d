import { z } from 'zod';
import { TweetSchema, UserSchema } from '@/lib/platform/records';
import { COSTS, defineOperation } from '../define-operation';
import { idField, pageFields, tweetSortField, userSortField } from '../inputs';
import { pageRequest, pageResult } from './page-result';

const listParams = z.object({ listId: idField });

export const getListTweets = defineOperation({
  id: 'getListTweets',
  tag: 'Lists',
  method: 'GET',
  path: '/v2/lists/{listId}/tweets',
  summary: 'Tweets by the list’s members',
  scope: 'read',
  cost: COSTS.tweet,
  paging: { maxCount: 1000 },
  params: listParams,
  query: z.object({ ...pageFields(), sort: tweetSortField.default('latest') }),
  response: z.array(TweetSchema),
  handler: async (ctx) => pageResult(await ctx.platform.getListTweets(ctx.params.listId, pageRequest(ctx, ctx.query.sort))),
});

function listUsersOperation(id: 'getListMembers' | 'getListSubscribers', segment: string, summary: string) {
  return defineOperation({
    id,
    tag: 'Lists',
    method: 'GET',
    path: `/v2/lists/{listId}/${segment}`,
    summary,
    description: 'Sort `default` is the newest first.',
    scope: 'read',
    cost: COSTS.member,
    paging: { maxCount: 1000 },
    params: listParams,
    query: z.object({ ...pageFields(), sort: userSortField.default('default') }),
    response: z.array(UserSchema),
    handler: async (ctx) => pageResult(await ctx.platform[id](ctx.params.listId, pageRequest(ctx, ctx.query.sort))),
  });
}

export const getListMembers = listUsersOperation('getListMembers', 'members', 'The list’s members');
export const getListSubscribers = listUsersOperation('getListSubscribers', 'subscribers', 'The list’s subscribers');
