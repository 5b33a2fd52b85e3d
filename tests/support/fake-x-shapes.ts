import type { Schemas } from '@xdevplatform/xdk';
import { refersTo, type FakeList, type FakePost, type FakeUser, type FakeXWorld, type StoredCounts } from './fake-x-world';

// The fake's answers in X's shapes, typed by X's SDK: objects carry only the fields asked for
// (X's defaults otherwise: id and text for posts; id, name, username for users; media_key and
// type for media; id and name for lists; trend_name for trends), and expansions land in
// `includes`. An expansion also puts its id field on the objects (author_id, in_reply_to_user_id,
// referenced_posts, attachments, edit_history_post_ids, pinned_post_id, owner_id), as X does.
// Built camelCase as the SDK types them; `toWire` turns them into X's snake_case JSON.

/** The SDK's camelToSnake, key by key, deep: the inverse of the SDK's transformKeys. */
export function toWire(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toWire);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`), toWire(inner)]));
}

/** A wire field name as the SDK's types spell it: public_metrics → publicMetrics. */
function camel(name: string): string {
  return name.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

/** The named wire fields of `object`, the rest left out. */
function pick<T extends object>(object: T, fields: Iterable<string>): T {
  const source = object as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of fields) if (source[camel(field)] !== undefined) out[camel(field)] = source[camel(field)];
  return out as T;
}

function listParam(query: URLSearchParams, name: string): string[] {
  return (query.get(name) ?? '').split(',').filter(Boolean);
}

/** Stored counts over counted ones; null ones left out. */
function counts<T extends object>(counted: T, stored: StoredCounts<T> | undefined): T {
  const out: Record<string, unknown> = {};
  const given = (stored ?? {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries({ ...counted, ...given })) {
    const chosen = key in given ? given[key] : value;
    if (chosen !== null && chosen !== undefined) out[key] = chosen;
  }
  // X leaves out counts it lacks; the SDK types some of them required.
  return out as T;
}

/** The post as X holds it, its counts counted from the world where not stored. */
function fullPost(world: FakeXWorld, post: FakePost): Schemas.Post {
  const refs = (type: 'retweeted' | 'quoted' | 'replied_to') => world.posts.filter((other) => refersTo(other, type, post.id)).length;
  const counted: Schemas.PostPublicMetrics = {
    likeCount: world.likes.filter(([, id]) => id === post.id).length,
    repostCount: refs('retweeted'),
    replyCount: refs('replied_to'),
    quoteCount: refs('quoted'),
    bookmarkCount: 0,
    impressionCount: 0,
  };
  return { ...post, editHistoryPostIds: post.editHistoryPostIds ?? [post.id], publicMetrics: counts(counted, post.publicMetrics) };
}

function fullUser(world: FakeXWorld, user: FakeUser): Schemas.User {
  const { publicMetrics: stored, ...rest } = user;
  if (stored === null) return rest;
  const counted: Schemas.UserPublicMetrics = {
    followersCount: world.follows.filter(([, followed]) => followed === user.id).length,
    followingCount: world.follows.filter(([follower]) => follower === user.id).length,
    postCount: world.posts.filter((post) => post.authorId === user.id).length,
    listedCount: 0,
  };
  return { ...rest, publicMetrics: counts(counted, stored) };
}

/** Collects what a page's expansions bring into `includes`. */
class Includes {
  readonly userIds = new Set<string>();
  readonly posts = new Map<string, FakePost>();
  readonly mediaKeys = new Set<string>();

  constructor(
    private readonly world: FakeXWorld,
    private readonly query: URLSearchParams,
  ) {}

  build(): Schemas.Expansions | undefined {
    const includes: Schemas.Expansions = {};
    const users = this.world.users.filter((user) => this.userIds.has(user.id));
    if (users.length) includes.users = users.map((user) => shapeUser(this.world, user, this.query));
    if (this.posts.size) includes.posts = [...this.posts.values()].map((post) => shapePost(this.world, post, this.query));
    const media = this.world.media.filter((item) => this.mediaKeys.has(item.mediaKey));
    if (media.length) includes.media = media.map((item) => pick(item, ['media_key', 'type', ...listParam(this.query, 'media.fields')]));
    return Object.keys(includes).length ? includes : undefined;
  }
}

const IMPLIED_POST_FIELDS: Record<string, string> = {
  author_id: 'author_id',
  in_reply_to_user_id: 'in_reply_to_user_id',
  referenced_posts: 'referenced_posts',
  'attachments.media_keys': 'attachments',
  edit_history_post_ids: 'edit_history_post_ids',
};

function shapePost(world: FakeXWorld, post: FakePost, query: URLSearchParams): Schemas.Post {
  const implied = listParam(query, 'expansions').flatMap((name) => (IMPLIED_POST_FIELDS[name] ? [IMPLIED_POST_FIELDS[name]] : []));
  return pick(fullPost(world, post), ['id', 'text', ...listParam(query, 'post.fields'), ...implied]);
}

function shapeUser(world: FakeXWorld, user: FakeUser, query: URLSearchParams): Schemas.User {
  const expansions = listParam(query, 'expansions');
  const mostRecent = expansions.includes('most_recent_post_id') ? newestPostOf(world, user.id) : undefined;
  const full = { ...fullUser(world, user), ...(mostRecent ? { mostRecentPostId: mostRecent.id } : {}) };
  const implied = [...(expansions.includes('pinned_post_id') ? ['pinned_post_id'] : []), ...(mostRecent ? ['most_recent_post_id'] : [])];
  return pick(full, ['id', 'name', 'username', ...listParam(query, 'user.fields'), ...implied]);
}

function newestPostOf(world: FakeXWorld, userId: string): FakePost | undefined {
  return world.posts.filter((post) => post.authorId === userId).at(-1);
}

/** Posts and their includes as X answers them for these query parameters. */
export function postsAnswer(world: FakeXWorld, posts: readonly FakePost[], query: URLSearchParams): { data: Schemas.Post[]; includes?: Schemas.Expansions } {
  const expansions = new Set(listParam(query, 'expansions'));
  const includes = new Includes(world, query);
  const byId = new Map(world.posts.map((post) => [post.id, post]));
  for (const post of posts) {
    if (expansions.has('author_id') && post.authorId) includes.userIds.add(post.authorId);
    if (expansions.has('in_reply_to_user_id') && post.inReplyToUserId) includes.userIds.add(post.inReplyToUserId);
    if (expansions.has('entities.mentions.username')) {
      for (const mention of post.entities?.mentions ?? []) {
        const user = world.users.find((candidate) => candidate.username.toLowerCase() === (mention.username ?? '').toLowerCase());
        if (user) includes.userIds.add(user.id);
      }
    }
    if (expansions.has('attachments.media_keys')) for (const key of post.attachments?.mediaKeys ?? []) includes.mediaKeys.add(key);
    if (expansions.has('referenced_posts')) {
      for (const ref of post.referencedPosts ?? []) {
        const target = byId.get(ref.id);
        if (target) includes.posts.set(target.id, target);
      }
    }
  }
  const built = includes.build();
  return { data: posts.map((post) => shapePost(world, post, query)), ...(built ? { includes: built } : {}) };
}

/** Users and their includes as X answers them for these query parameters. */
export function usersAnswer(world: FakeXWorld, users: readonly FakeUser[], query: URLSearchParams): { data: Schemas.User[]; includes?: Schemas.Expansions } {
  const expansions = new Set(listParam(query, 'expansions'));
  const includes = new Includes(world, query);
  const byId = new Map(world.posts.map((post) => [post.id, post]));
  for (const user of users) {
    const pinned = expansions.has('pinned_post_id') && user.pinnedPostId ? byId.get(user.pinnedPostId) : undefined;
    const recent = expansions.has('most_recent_post_id') ? newestPostOf(world, user.id) : undefined;
    for (const post of [pinned, recent]) if (post) includes.posts.set(post.id, post);
  }
  const built = includes.build();
  return { data: users.map((user) => shapeUser(world, user, query)), ...(built ? { includes: built } : {}) };
}

/** A list as X answers it: its counts from its members and followers, its owner expanded if asked. */
export function listAnswer(world: FakeXWorld, list: FakeList, query: URLSearchParams): { data: Schemas.List; includes?: Schemas.Expansions } {
  const { members, followers, ...rest } = list;
  const full: Schemas.List = { memberCount: members.length, followerCount: followers.length, ...rest };
  const expandOwner = listParam(query, 'expansions').includes('owner_id');
  const data = pick(full, ['id', 'name', ...listParam(query, 'list.fields'), ...(expandOwner ? ['owner_id'] : [])]);
  const owner = expandOwner ? world.users.find((user) => user.id === list.ownerId) : undefined;
  return { data, ...(owner ? { includes: { users: [shapeUser(world, owner, query)] } } : {}) };
}

/** Trends as X answers them: trend_name, and tweet_count when asked for. */
export function trendsAnswer(trends: readonly Schemas.Trend[], query: URLSearchParams): Schemas.Trend[] {
  return trends.map((trend) => pick(trend, ['trend_name', ...listParam(query, 'trend.fields')]));
}
