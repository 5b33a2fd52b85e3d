import { z } from 'zod';
import { tweetLength } from '@/lib/platform/entities';
import { requireScope } from '@/lib/connections/require-scope';
import type { PlatformScope } from '@/lib/oauth/scopes';
import { TweetWithViewerSchema } from '@/lib/platform/records';
import type { PlatformActor, WriteOutcome } from '@/lib/platform/types';
import { COSTS, defineOperation } from '../define-operation';
import type { HandlerContext } from '../define-operation';
import { ApiError } from '../errors';
import { idField, maxCreditsField, tweetReferenceField, usernameField } from '../inputs';
import { withTweetViewer } from '../viewer';

const WRITE_NOTE = 'Acts as the key owner’s connected platform account; needs a key with the write scope, and the connected account must have granted the write’s OAuth scope (tweet.write, like.write or follows.write; 403 forbidden names the missing one). Send an Idempotency-Key header to make retries safe (kept 24 hours).';

const LANG_NOTE = 'The new tweet’s `lang` is detected from its text with eld (links, mentions and tags left out): an ISO 639-1 code such as en or ja; texts too short to tell get null.';

const tweetText = z
  .string()
  .refine((text) => text.trim().length > 0, 'must not be blank')
  .refine((text) => tweetLength(text) <= 280, 'must be at most 280 characters')
  // For the OpenAPI document: not blank (a non-space somewhere) and at most 280 characters, which
  // counts what tweetLength counts (code points) except that NFC may join a few combining pairs.
  .meta({ minLength: 1, maxLength: 280, pattern: '\\S', description: '1 to 280 characters (Unicode code points after NFC normalisation), not all blank' });

/**
 * The connected account writes act as; 403 account_not_connected without one, 403 forbidden
 * when its owner did not grant the scope this write needs.
 */
async function actor(ctx: HandlerContext<unknown, unknown, unknown>, scope: PlatformScope): Promise<PlatformActor> {
  const account = await ctx.connectedAccount();
  if (!account) throw new ApiError('account_not_connected', 'connect a platform account in the dashboard (Connections) before writing');
  requireScope(account, scope);
  return account;
}

const tweetParams = z.object({ tweetId: idField });
const noInput = z.object(maxCreditsField);
// DELETE carries no body here: a body is refused (400) so that a max_credits put there is not silently lost.
const DELETE_NOTE = 'Takes no body: max_credits goes in the query string.';

export const createTweet = defineOperation({
  id: 'createTweet',
  tag: 'Write API',
  method: 'POST',
  path: '/v2/tweets/create',
  summary: 'Post a tweet',
  description: `${WRITE_NOTE} ${LANG_NOTE}`,
  scope: 'write',
  cost: COSTS.write,
  body: z.object({ text: tweetText, ...maxCreditsField }),
  response: TweetWithViewerSchema,
  handler: async (ctx) => withTweetViewer(ctx, { data: await ctx.platform.createTweet(await actor(ctx, 'tweet.write'), { text: ctx.body.text }) }),
});

export const replyToTweet = defineOperation({
  id: 'replyToTweet',
  tag: 'Write API',
  method: 'POST',
  path: '/v2/tweets/reply',
  summary: 'Reply to a tweet',
  description: `${WRITE_NOTE} tweet_id takes an id or a tweet URL. ${LANG_NOTE}`,
  scope: 'write',
  cost: COSTS.write,
  body: z.object({ tweet_id: tweetReferenceField, text: tweetText, ...maxCreditsField }),
  response: TweetWithViewerSchema,
  handler: async (ctx) =>
    withTweetViewer(ctx, { data: await ctx.platform.createTweet(await actor(ctx, 'tweet.write'), { text: ctx.body.text, in_reply_to_tweet_id: ctx.body.tweet_id }) }),
});

export const quoteTweet = defineOperation({
  id: 'quoteTweet',
  tag: 'Write API',
  method: 'POST',
  path: '/v2/tweets/quote',
  summary: 'Quote a tweet',
  description: `${WRITE_NOTE} quoted_tweet_id takes an id or a tweet URL. ${LANG_NOTE}`,
  scope: 'write',
  cost: COSTS.write,
  body: z.object({ quoted_tweet_id: tweetReferenceField, text: tweetText, ...maxCreditsField }),
  response: TweetWithViewerSchema,
  handler: async (ctx) =>
    withTweetViewer(ctx, { data: await ctx.platform.createTweet(await actor(ctx, 'tweet.write'), { text: ctx.body.text, quoted_tweet_id: ctx.body.quoted_tweet_id }) }),
});

export const deleteTweet = defineOperation({
  id: 'deleteTweet',
  tag: 'Write API',
  method: 'DELETE',
  path: '/v2/tweets/{tweetId}',
  summary: 'Delete one of your tweets',
  description: `${WRITE_NOTE} Deleting another account’s tweet is 403 forbidden. ${DELETE_NOTE}`,
  scope: 'write',
  cost: COSTS.write,
  params: tweetParams,
  query: noInput,
  response: z.object({ id: z.string(), deleted: z.literal(true) }),
  handler: async (ctx) => ({ data: await ctx.platform.deleteTweet(await actor(ctx, 'tweet.write'), ctx.params.tweetId) }),
});

// Like, retweet and follow pairs: a repeat that finds the state already as asked changes
// nothing, so it is not charged, and meta.changed says so.
const TOGGLE_NOTE =
  'Idempotent: repeating it returns the same state and never duplicates. A call that changes nothing (already liked, retweeted or followed; already undone) charges 0 credits; `meta.changed` tells which happened.';
const changedMeta = z.object({ changed: z.boolean().describe('false when the state was already as asked: nothing changed and nothing was charged') });

/** A toggle's handler result: the state as data, `changed` in meta, no charge when nothing changed. */
function toggleResult<T extends object>(outcome: WriteOutcome<T>) {
  const { changed, ...data } = outcome;
  return { data: data as T, meta: { changed: changed ?? true }, unchanged: changed === false };
}

function tweetToggle<R extends z.ZodType>(
  id: 'likeTweet' | 'unlikeTweet' | 'retweetTweet' | 'unretweetTweet',
  method: 'POST' | 'DELETE',
  segment: 'like' | 'retweet',
  summary: string,
  response: R,
  run: (ctx: HandlerContext<{ tweetId: string }, unknown, unknown>, who: PlatformActor) => Promise<WriteOutcome<z.output<R> & object>>,
) {
  return defineOperation({
    id,
    tag: 'Write API',
    method,
    path: `/v2/tweets/{tweetId}/${segment}`,
    summary,
    description: `${WRITE_NOTE} ${TOGGLE_NOTE}${method === 'DELETE' ? ` ${DELETE_NOTE}` : ''}`,
    scope: 'write',
    cost: COSTS.write,
    params: tweetParams,
    query: noInput,
    response,
    metaExtra: changedMeta,
    handler: async (ctx) => toggleResult<z.output<R> & object>(await run(ctx, await actor(ctx, segment === 'like' ? 'like.write' : 'tweet.write'))),
  });
}

export const likeTweet = tweetToggle('likeTweet', 'POST', 'like', 'Like a tweet', z.object({ tweet_id: z.string(), liked: z.literal(true) }), (ctx, who) =>
  ctx.platform.likeTweet(who, ctx.params.tweetId),
);
export const unlikeTweet = tweetToggle('unlikeTweet', 'DELETE', 'like', 'Undo a like', z.object({ tweet_id: z.string(), liked: z.literal(false) }), (ctx, who) =>
  ctx.platform.unlikeTweet(who, ctx.params.tweetId),
);
export const retweetTweet = tweetToggle(
  'retweetTweet',
  'POST',
  'retweet',
  'Retweet a tweet',
  z.object({ tweet_id: z.string(), retweeted: z.literal(true), retweet_id: z.string() }),
  (ctx, who) => ctx.platform.retweet(who, ctx.params.tweetId),
);
export const unretweetTweet = tweetToggle('unretweetTweet', 'DELETE', 'retweet', 'Undo a retweet', z.object({ tweet_id: z.string(), retweeted: z.literal(false) }), (ctx, who) =>
  ctx.platform.unretweet(who, ctx.params.tweetId),
);

function followToggle(id: 'followUser' | 'unfollowUser', method: 'POST' | 'DELETE', summary: string) {
  const following = id === 'followUser';
  return defineOperation({
    id,
    tag: 'Write API',
    method,
    path: '/v2/users/{username}/follow',
    summary,
    description: `${WRITE_NOTE} ${TOGGLE_NOTE} Following yourself is 400.${method === 'DELETE' ? ` ${DELETE_NOTE}` : ''}`,
    scope: 'write',
    cost: COSTS.write,
    params: z.object({ username: usernameField }),
    query: noInput,
    response: z.object({ username: z.string(), following: z.boolean() }),
    metaExtra: changedMeta,
    handler: async (ctx) => {
      const who = await actor(ctx, 'follows.write');
      return toggleResult<{ username: string; following: boolean }>(
        following ? await ctx.platform.follow(who, ctx.params.username) : await ctx.platform.unfollow(who, ctx.params.username),
      );
    },
  });
}

export const followUser = followToggle('followUser', 'POST', 'Follow a user');
export const unfollowUser = followToggle('unfollowUser', 'DELETE', 'Unfollow a user');
