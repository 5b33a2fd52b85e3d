import { z } from 'zod';
import { TweetWithViewerSchema, UserWithViewerSchema } from '@/lib/platform/records';
import { COSTS, defineOperation } from '../define-operation';
import { withTweetViewer, withUserViewer } from '../viewer';
import { booleanField, integerField, pageFields, searchQueryField, tweetSortField, userSortField } from '../inputs';
import { pageRequest, pageResult } from './page-result';

export const searchTweets = defineOperation({
  id: 'searchTweets',
  tag: 'Search',
  method: 'POST',
  path: '/v2/search',
  summary: 'Full-text tweet search with operators',
  description:
    'The query is web-search syntax ("exact phrase", -exclude, OR) plus the operators from:user, to:user, #tag, @user, lang:xx, since:YYYY-MM-DD and until:YYYY-MM-DD. Retweets are left out unless include_retweets is true.',
  scope: 'read',
  cost: COSTS.tweet,
  paging: { maxCount: 1000 },
  body: z.object({
    query: searchQueryField,
    ...pageFields(),
    sort: tweetSortField.default('latest'),
    lang: z.string().regex(/^[a-z]{2,3}$/, 'must be an ISO 639-1 language code such as en').optional(),
    min_likes: integerField(0, 1_000_000_000).optional(),
    min_retweets: integerField(0, 1_000_000_000).optional(),
    include_replies: booleanField.default(true),
    include_retweets: booleanField.default(false),
  }),
  response: z.array(TweetWithViewerSchema),
  handler: async (ctx) => {
    const { query, lang, min_likes, min_retweets, include_replies, include_retweets, sort } = ctx.body;
    return withTweetViewer(
      ctx,
      pageResult(await ctx.platform.searchTweets({ ...pageRequest(ctx, sort), query, lang, min_likes, min_retweets, include_replies, include_retweets })),
    );
  },
});

export const searchUsers = defineOperation({
  id: 'searchUsers',
  tag: 'Search',
  method: 'POST',
  path: '/v2/search/users',
  summary: 'User search over name, bio and username',
  description: 'Sort `default` is relevance: exact username first, then username prefix, then the rest.',
  scope: 'read',
  cost: COSTS.profile,
  paging: { maxCount: 1000 },
  body: z.object({ query: searchQueryField, ...pageFields(), sort: userSortField.default('default') }),
  response: z.array(UserWithViewerSchema),
  handler: async (ctx) => withUserViewer(ctx, pageResult(await ctx.platform.searchUsers({ ...pageRequest(ctx, ctx.body.sort), query: ctx.body.query }))),
});
