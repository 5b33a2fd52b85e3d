import { z } from 'zod';
import { TweetWithViewerSchema } from '@/lib/platform/records';
import { COSTS, defineOperation } from '../define-operation';
import { withTweetViewer } from '../viewer';
import { idField, maxCreditsField, tweetReferenceField } from '../inputs';
import { tweetPageOperation, userPageOperation } from './paged-operation';

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
  response: TweetWithViewerSchema,
  handler: async (ctx) => withTweetViewer(ctx, { data: await ctx.platform.getTweet(ctx.params.tweetId) }),
});

export const getTweetConversation = tweetPageOperation({
  id: 'getTweetConversation',
  tag: 'Tweets',
  path: '/v2/tweets/{tweetId}/conversation',
  summary: 'Replies in the tweet’s thread',
  description: 'Every reply in the conversation the tweet belongs to (all tweets sharing its conversation_id except the thread’s root).',
  params: tweetParams,
  read: (platform, { tweetId }, page) => platform.getTweetConversation(tweetId, page),
});
export const getTweetQuotes = tweetPageOperation({
  id: 'getTweetQuotes',
  tag: 'Tweets',
  path: '/v2/tweets/{tweetId}/quotes',
  summary: 'Tweets quoting the tweet',
  description: 'Quote tweets of this tweet.',
  params: tweetParams,
  read: (platform, { tweetId }, page) => platform.getTweetQuotes(tweetId, page),
});

export const getTweetRetweeters = userPageOperation({
  id: 'getTweetRetweeters',
  tag: 'Tweets',
  path: '/v2/tweets/{tweetId}/retweeters',
  summary: 'Users who retweeted the tweet',
  description: 'Sort `default` is the newest first.',
  cost: COSTS.follower,
  params: tweetParams,
  read: (platform, { tweetId }, page) => platform.getTweetRetweeters(tweetId, page),
});
export const getTweetLikers = userPageOperation({
  id: 'getTweetLikers',
  tag: 'Tweets',
  path: '/v2/tweets/{tweetId}/likers',
  summary: 'Users who liked the tweet',
  description: 'Sort `default` is the newest first.',
  cost: COSTS.follower,
  params: tweetParams,
  read: (platform, { tweetId }, page) => platform.getTweetLikers(tweetId, page),
});

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
  response: z.array(TweetWithViewerSchema),
  metaExtra: z.object({ not_found: z.array(z.string()) }),
  handler: async (ctx) => {
    const batch = await ctx.platform.getTweetsBatch(ctx.body.ids);
    return withTweetViewer(ctx, { data: batch.items, meta: { not_found: batch.not_found } });
  },
});
