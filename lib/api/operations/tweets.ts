import { z } from 'zod';
import { TweetSchema, UserSchema } from '@/lib/platform/records';
import { COSTS, defineOperation } from '../define-operation';
import { idField, maxCreditsField, pageFields, tweetReferenceField, tweetSortField, userSortField } from '../inputs';
import { pageRequest, pageResult } from './page-result';

const tweetParams = z.object({ tweetId: idField });

export const getTweet = defineOperation({
  id: 'getTweet',
  tag: 'Tweets',
  method: 'GET',
  path: '/v2/tweets/{tweetId}',
  summary: 'A tweet by id',
  scope: 'read',
  cost: COSTS.tweet,
  params: tweetParams,
  query: z.object(maxCreditsField),
  response: TweetSchema,
  handler: async ({ platform, params }) => ({ data: await platform.getTweet(params.tweetId) }),
});

function tweetListOperation(id: 'getTweetConversation' | 'getTweetQuotes', segment: string, summary: string, description: string) {
  return defineOperation({
    id,
    tag: 'Tweets',
    method: 'GET',
    path: `/v2/tweets/{tweetId}/${segment}`,
    summary,
    description,
    scope: 'read',
    cost: COSTS.tweet,
    paging: { maxCount: 1000 },
    params: tweetParams,
    query: z.object({ ...pageFields(), sort: tweetSortField.default('latest') }),
    response: z.array(TweetSchema),
    handler: async (ctx) => pageResult(await ctx.platform[id](ctx.params.tweetId, pageRequest(ctx, ctx.query.sort))),
  });
}

export const getTweetConversation = tweetListOperation(
  'getTweetConversation',
  'conversation',
  'Replies in the tweet’s thread',
  'Every reply in the conversation the tweet belongs to (all tweets sharing its conversation_id except the thread’s root).',
);
export const getTweetQuotes = tweetListOperation('getTweetQuotes', 'quotes', 'Tweets quoting the tweet', 'Quote tweets of this tweet.');

function tweetUsersOperation(id: 'getTweetRetweeters' | 'getTweetLikers', segment: string, summary: string) {
  return defineOperation({
    id,
    tag: 'Tweets',
    method: 'GET',
    path: `/v2/tweets/{tweetId}/${segment}`,
    summary,
    description: 'Sort `default` is the newest first.',
    scope: 'read',
    cost: COSTS.follower,
    paging: { maxCount: 1000 },
    params: tweetParams,
    query: z.object({ ...pageFields(), sort: userSortField.default('default') }),
    response: z.array(UserSchema),
    handler: async (ctx) => pageResult(await ctx.platform[id](ctx.params.tweetId, pageRequest(ctx, ctx.query.sort))),
  });
}

export const getTweetRetweeters = tweetUsersOperation('getTweetRetweeters', 'retweeters', 'Users who retweeted the tweet');
export const getTweetLikers = tweetUsersOperation('getTweetLikers', 'likers', 'Users who liked the tweet');

export const getTweetsBatch = defineOperation({
  id: 'getTweetsBatch',
  tag: 'Tweets',
  method: 'POST',
  path: '/v2/tweets/batch',
  summary: 'Up to 100 tweets by id',
  description:
    'Found tweets come back in request order, each once; `meta.not_found` lists the ids that matched nothing. Each entry of `ids` is a tweet id or a tweet URL (…/status/<id>), which counts as its id (also in `not_found`). max_credits must cover every requested id.',
  scope: 'read',
  cost: COSTS.tweet,
  requestedItems: ({ body }) => new Set(body.ids).size,
  body: z.object({ ids: z.array(tweetReferenceField).min(1).max(100), ...maxCreditsField }),
  response: z.array(TweetSchema),
  metaExtra: z.object({ not_found: z.array(z.string()) }),
  handler: async ({ platform, body }) => {
    const batch = await platform.getTweetsBatch(body.ids);
    return { data: batch.items, meta: { not_found: batch.not_found } };
  },
});
