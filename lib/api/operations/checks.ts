import { z } from 'zod';
import { COSTS, defineOperation } from '../define-operation';
import type { HandlerContext } from '../define-operation';
import { ApiError } from '../errors';
import { idField, maxCreditsField, usernameField } from '../inputs';

const userRef = z.object({ id: z.string(), username: z.string() });

/** The username given, else the caller's connected account; 400 when there is neither. */
async function usernameOrConnected(ctx: HandlerContext<unknown, unknown, unknown>, given: string | undefined, field: string): Promise<string> {
  if (given) return given;
  const account = await ctx.connectedAccount();
  if (account) return account.username;
  throw new ApiError('invalid_request', `${field} is required when no platform account is connected`, [{ path: field, message: 'required without a connected account' }]);
}

export const checkFollow = defineOperation({
  id: 'checkFollow',
  tag: 'Interaction Check',
  method: 'GET',
  path: '/v2/users/check-follow',
  summary: 'Whether source follows target, and target follows source',
  description: '`source` defaults to the caller’s connected platform account; without one it is required (400 naming `source`). Unknown usernames are 404.',
  scope: 'read',
  cost: COSTS.check,
  query: z.object({ source: usernameField.optional(), target: usernameField, ...maxCreditsField }),
  response: z.object({ source: userRef, target: userRef, following: z.boolean(), followed_by: z.boolean() }),
  handler: async (ctx) => ({ data: await ctx.platform.checkFollow(await usernameOrConnected(ctx, ctx.query.source, 'source'), ctx.query.target), items: 1 }),
});

export const checkRetweet = defineOperation({
  id: 'checkRetweet',
  tag: 'Interaction Check',
  method: 'GET',
  path: '/v2/tweets/{tweetId}/check-retweet',
  summary: 'Whether a user retweeted or quoted the tweet',
  description: '`username` defaults to the caller’s connected platform account; without one it is required (400 naming `username`). An unknown tweet or username is 404.',
  scope: 'read',
  cost: COSTS.check,
  params: z.object({ tweetId: idField }),
  query: z.object({ username: usernameField.optional(), ...maxCreditsField }),
  response: z.object({
    tweet_id: z.string(),
    user: userRef,
    retweeted: z.boolean(),
    retweeted_at: z.string().nullable(),
    quoted: z.boolean(),
    quote_tweet_ids: z.array(z.string()),
  }),
  handler: async (ctx) => ({ data: await ctx.platform.checkRetweet(ctx.params.tweetId, await usernameOrConnected(ctx, ctx.query.username, 'username')), items: 1 }),
});

export const checkLike = defineOperation({
  id: 'checkLike',
  tag: 'Interaction Check',
  method: 'GET',
  path: '/v2/tweets/{tweetId}/check-like',
  summary: 'Whether a user liked the tweet',
  description: '`username` defaults to the caller’s connected platform account; without one it is required (400 naming `username`). An unknown tweet or username is 404.',
  scope: 'read',
  cost: COSTS.check,
  params: z.object({ tweetId: idField }),
  query: z.object({ username: usernameField.optional(), ...maxCreditsField }),
  response: z.object({ tweet_id: z.string(), user: userRef, liked: z.boolean(), liked_at: z.string().nullable() }),
  handler: async (ctx) => ({ data: await ctx.platform.checkLike(ctx.params.tweetId, await usernameOrConnected(ctx, ctx.query.username, 'username')), items: 1 }),
});
