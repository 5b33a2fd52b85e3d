import { z } from 'zod';
import { TweetWithViewerSchema, UserWithViewerSchema } from '@/lib/platform/records';
import type { Platform } from '@/lib/platform/platform';
import type { Page, PageRequest, Tweet, TweetSort, User, UserSort } from '@/lib/platform/types';
import { COSTS, defineOperation } from '../define-operation';
import type { Tag } from '../define-operation';
import { pageFields, tweetSortField, userSortField } from '../inputs';
import { withTweetViewer, withUserViewer } from '../viewer';
import { pageRequest, pageResult } from './page-result';

type Params = z.ZodObject<z.ZodRawShape>;

type PagedSpec<P extends Params, S extends string, T> = {
  id: string;
  tag: Tag;
  path: string;
  summary: string;
  description?: string;
  params: P;
  /** Reads one page for the validated path parameters. */
  read: (platform: Platform, params: z.output<P>, page: PageRequest<S>) => Promise<Page<T>>;
};

/**
 * A paged GET that lists tweets (15 credits each, tweet sorts, latest by default), the shape
 * of operations 4–7, 14, 15, 19 and 23.
 */
export function tweetPageOperation<P extends Params>(spec: PagedSpec<P, TweetSort, Tweet>) {
  return defineOperation({
    id: spec.id,
    tag: spec.tag,
    method: 'GET',
    path: spec.path,
    summary: spec.summary,
    description: spec.description,
    scope: 'read',
    cost: COSTS.tweet,
    paging: { maxCount: 1000 },
    params: spec.params,
    query: z.object({ ...pageFields(), sort: tweetSortField.default('latest') }),
    response: z.array(TweetWithViewerSchema),
    handler: async (ctx) => withTweetViewer(ctx, pageResult(await spec.read(ctx.platform, ctx.params, pageRequest(ctx, ctx.query.sort)))),
  });
}

/**
 * A paged GET that lists users (1 credit each, user sorts, `default` first), the shape of
 * the graph, likers/retweeters and member lists.
 */
export function userPageOperation<P extends Params>(spec: PagedSpec<P, UserSort, User> & { cost: typeof COSTS.follower | typeof COSTS.member }) {
  return defineOperation({
    id: spec.id,
    tag: spec.tag,
    method: 'GET',
    path: spec.path,
    summary: spec.summary,
    description: spec.description,
    scope: 'read',
    cost: spec.cost,
    paging: { maxCount: 1000 },
    params: spec.params,
    query: z.object({ ...pageFields(), sort: userSortField.default('default') }),
    response: z.array(UserWithViewerSchema),
    handler: async (ctx) => withUserViewer(ctx, pageResult(await spec.read(ctx.platform, ctx.params, pageRequest(ctx, ctx.query.sort)))),
  });
}
