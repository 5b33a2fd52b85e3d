import { readIntoCache } from '@/lib/cache/single-flight';
import { readConnection } from '@/lib/connections/connection-store';
import { sharedViewerCache } from '@/lib/connections/viewer-cache';
import { isListeningForKeyChanges, UNLISTENED_KEY_CACHE_TTL_MS } from '@/lib/keys/key-change-listener';
import type { TweetRecord, TweetViewer, UserRecord, UserViewer } from '@/lib/platform/records';
import type { EmbeddedTweet, Tweet, User, ViewerRelations } from '@/lib/platform/types';
import type { HandlerContext, HandlerResult } from './define-operation';

type EmbeddedTweetRecord = NonNullable<TweetRecord['quoted_tweet']>;
type Context = Pick<HandlerContext<unknown, unknown, unknown>, 'caller' | 'platform'>;
type Viewed<T> = T extends readonly Tweet[] ? TweetRecord[] : T extends Tweet ? TweetRecord : T extends readonly User[] ? UserRecord[] : UserRecord;

/**
 * The platform account whose relations records carry: the caller's linked account. Reads only
 * show state, so the link is enough (writes go further and check the grant). Cached per
 * instance; the key change listener drops an entry when its connection changes.
 */
async function viewerId(ctx: Context): Promise<string | null> {
  if (!ctx.platform.getViewerRelations) return null;
  const cache = sharedViewerCache();
  const cached = cache.get(ctx.caller.userId);
  if (cached !== undefined) return cached;
  const userId = ctx.caller.userId;
  // Unannounced changes (nobody listening) must land within the short TTL.
  return readIntoCache(
    cache,
    userId,
    async () => (await readConnection(userId))?.platform_user_id ?? null,
    () => (isListeningForKeyChanges() ? undefined : UNLISTENED_KEY_CACHE_TTL_MS),
  );
}

/**
 * Adds `viewer` to every tweet (embedded ones too) of a result: the caller's connected account
 * liked/retweeted it, or null without a connected account. One extra query per call.
 */
export async function withTweetViewer<T extends Tweet | Tweet[]>(ctx: Context, result: HandlerResult<T>): Promise<HandlerResult<Viewed<T>>> {
  // Without a connected account there is nothing to look up: the ids are not even collected.
  const id = await viewerId(ctx);
  if (id === null) return withoutViewer(result, viewTweetAlone) as HandlerResult<Viewed<T>>;
  const tweets: readonly Tweet[] = Array.isArray(result.data) ? result.data : [result.data as Tweet];
  const ids = new Set<string>();
  for (const tweet of tweets) {
    ids.add(tweet.id);
    if (tweet.quoted_tweet) ids.add(tweet.quoted_tweet.id);
    if (tweet.retweeted_tweet) ids.add(tweet.retweeted_tweet.id);
  }
  const relations = await relationsOf(ctx, id, { tweetIds: [...ids], userIds: [] });
  const liked = new Set(relations.liked);
  const retweeted = new Set(relations.retweeted);
  const viewer = (tweetId: string): TweetViewer => ({ liked: liked.has(tweetId), retweeted: retweeted.has(tweetId) });
  const embed = (tweet: EmbeddedTweet | null) => (tweet ? { ...tweet, viewer: viewer(tweet.id) } : null);
  const view = (tweet: Tweet): TweetRecord => ({ ...tweet, quoted_tweet: embed(tweet.quoted_tweet), retweeted_tweet: embed(tweet.retweeted_tweet), viewer: viewer(tweet.id) });
  const data = Array.isArray(result.data) ? result.data.map(view) : view(result.data as Tweet);
  return { ...result, data: data as Viewed<T> };
}

/** Adds `viewer` to every user of a result: the caller's connected account follows / is followed by it, or null. */
export async function withUserViewer<T extends User | User[]>(ctx: Context, result: HandlerResult<T>): Promise<HandlerResult<Viewed<T>>> {
  const id = await viewerId(ctx);
  if (id === null) return withoutViewer(result, viewUserAlone) as HandlerResult<Viewed<T>>;
  const users: readonly User[] = Array.isArray(result.data) ? result.data : [result.data as User];
  const relations = await relationsOf(ctx, id, { tweetIds: [], userIds: [...new Set(users.map((user) => user.id))] });
  const following = new Set(relations.following);
  const followedBy = new Set(relations.followedBy);
  const viewer = (userId: string): UserViewer => ({ following: following.has(userId), followed_by: followedBy.has(userId) });
  const view = (user: User): UserRecord => ({ ...user, viewer: viewer(user.id) });
  const data = Array.isArray(result.data) ? result.data.map(view) : view(result.data as User);
  return { ...result, data: data as Viewed<T> };
}

// Without a connected account every record says `viewer: null`: no relations to look up, so
// none of the sets and closures above are built (the common case for API keys). The field is
// set on the record itself: platforms map records afresh for every read (upstream caches keep
// the upstream's raw answers, never mapped records), so no other call sees them, and a copy
// (`{ ...user, viewer: null }`) went through V8's slow paths for a property after a spread on
// every call (perf: map copies in withUserViewer). Assigning last keeps `viewer` the last key.
function viewTweetAlone(tweet: Tweet): TweetRecord {
  if (tweet.quoted_tweet) (tweet.quoted_tweet as EmbeddedTweetRecord).viewer = null;
  if (tweet.retweeted_tweet) (tweet.retweeted_tweet as EmbeddedTweetRecord).viewer = null;
  (tweet as TweetRecord).viewer = null;
  return tweet as TweetRecord;
}

function viewUserAlone(user: User): UserRecord {
  (user as UserRecord).viewer = null;
  return user as UserRecord;
}

function withoutViewer<R, V>(result: HandlerResult<R | R[]>, view: (record: R) => V): HandlerResult<V | V[]> {
  if (Array.isArray(result.data)) result.data.forEach(view);
  else view(result.data as R);
  return result as HandlerResult<V | V[]>;
}

function relationsOf(ctx: Context, viewer: string, about: { tweetIds: string[]; userIds: string[] }): Promise<ViewerRelations> {
  // viewerId answers null for a platform without relations, so getViewerRelations is there.
  return ctx.platform.getViewerRelations!(viewer, about);
}
