import type { XMedia, XTweet, XUser } from '@/lib/platform/x/x-types';

// The in-memory world a fake X API v2 answers from (tests/support/fake-x-api.ts), and its answers
// in X's documented shapes: objects carry only the fields asked for (X's defaults otherwise:
// id, name, username for users; id, text, edit_history_tweet_ids for tweets), expansions land
// in `includes`, missing things are problems in `errors`.

export type FakeList = { id: string; name: string; owner_id: string; members: string[]; followers: string[] };

export type FakeXWorld = {
  users: XUser[];
  /** Tweets, retweets included (a retweet references its source with type "retweeted"). */
  tweets: XTweet[];
  media: XMedia[];
  /** [follower, followed], oldest first. */
  follows: Array<[string, string]>;
  /** [user, tweet], oldest first. */
  likes: Array<[string, string]>;
  lists: FakeList[];
  /** Trends by WOEID. */
  trends: Record<string, Array<{ trend_name: string; tweet_count?: number }>>;
};

export function emptyWorld(): FakeXWorld {
  return { users: [], tweets: [], media: [], follows: [], likes: [], lists: [], trends: {} };
}

type Json = Record<string, unknown>;

export const PROBLEM_NOT_FOUND = 'https://api.twitter.com/2/problems/resource-not-found';

/** The Not Found problem X puts in `errors` for a lookup of nothing. */
export function notFoundProblem(resourceType: string, parameter: string, value: string): Json {
  return {
    value,
    detail: `Could not find ${resourceType} with ${parameter}: [${value}].`,
    title: 'Not Found Error',
    resource_type: resourceType,
    parameter,
    resource_id: value,
    type: PROBLEM_NOT_FOUND,
  };
}

function pick(object: object, fields: Iterable<string>): Json {
  const source = object as Json;
  const out: Json = {};
  for (const field of fields) if (source[field] !== undefined) out[field] = source[field];
  return out;
}

function listParam(query: URLSearchParams, name: string): string[] {
  return (query.get(name) ?? '').split(',').filter(Boolean);
}

/** The tweet with counts computed from the world (likes, retweets, replies, quotes). */
function withMetrics(world: FakeXWorld, tweet: XTweet): XTweet {
  const refs = (type: string) => world.tweets.filter((other) => other.referenced_tweets?.some((ref) => ref.type === type && ref.id === tweet.id)).length;
  return {
    ...tweet,
    public_metrics: {
      like_count: world.likes.filter(([, id]) => id === tweet.id).length,
      retweet_count: refs('retweeted'),
      reply_count: refs('replied_to'),
      quote_count: refs('quoted'),
      bookmark_count: tweet.public_metrics?.bookmark_count ?? 0,
      impression_count: tweet.public_metrics?.impression_count ?? 0,
    },
  };
}

function withUserMetrics(world: FakeXWorld, user: XUser): XUser {
  return {
    ...user,
    public_metrics: {
      ...user.public_metrics,
      followers_count: world.follows.filter(([, followed]) => followed === user.id).length,
      following_count: world.follows.filter(([follower]) => follower === user.id).length,
      tweet_count: world.tweets.filter((tweet) => tweet.author_id === user.id).length,
    },
  };
}

/** Users as X answers them for these query parameters. */
export function userObjects(world: FakeXWorld, users: readonly XUser[], query: URLSearchParams): Json[] {
  const fields = new Set(['id', 'name', 'username', ...listParam(query, 'user.fields')]);
  return users.map((user) => pick(withUserMetrics(world, user), fields));
}

/** Tweets with their includes as X answers them for these query parameters. */
export function tweetAnswer(world: FakeXWorld, tweets: readonly XTweet[], query: URLSearchParams): { data: Json[]; includes?: Json } {
  const tweetFields = new Set(['id', 'text', 'edit_history_tweet_ids', ...listParam(query, 'tweet.fields')]);
  const mediaFields = new Set(['media_key', 'type', ...listParam(query, 'media.fields')]);
  const expansions = new Set(listParam(query, 'expansions'));
  const userIds = new Set<string>();
  const included = new Map<string, XTweet>();
  const mediaKeys = new Set<string>();
  const byId = new Map(world.tweets.map((tweet) => [tweet.id, tweet]));
  const expand = (tweet: XTweet) => {
    if (expansions.has('author_id') && tweet.author_id) userIds.add(tweet.author_id);
    if (expansions.has('in_reply_to_user_id') && tweet.in_reply_to_user_id) userIds.add(tweet.in_reply_to_user_id);
    if (expansions.has('entities.mentions.username')) {
      for (const mention of tweet.entities?.mentions ?? []) {
        const user = world.users.find((candidate) => candidate.username.toLowerCase() === mention.username.toLowerCase());
        if (user) userIds.add(user.id);
      }
    }
    if (expansions.has('attachments.media_keys')) for (const key of tweet.attachments?.media_keys ?? []) mediaKeys.add(key);
  };
  for (const tweet of tweets) {
    expand(tweet);
    if (!expansions.has('referenced_tweets.id')) continue;
    for (const ref of tweet.referenced_tweets ?? []) {
      const target = byId.get(ref.id);
      if (!target) continue;
      included.set(target.id, target);
      if (expansions.has('referenced_tweets.id.author_id') && target.author_id) userIds.add(target.author_id);
      if (expansions.has('attachments.media_keys')) for (const key of target.attachments?.media_keys ?? []) mediaKeys.add(key);
    }
  }
  const shape = (tweet: XTweet) => pick({ ...withMetrics(world, tweet), edit_history_tweet_ids: [tweet.id] }, tweetFields);
  const includes: Json = {};
  const users = world.users.filter((user) => userIds.has(user.id));
  if (users.length) includes.users = userObjects(world, users, query);
  if (included.size) includes.tweets = [...included.values()].map(shape);
  const media = world.media.filter((item) => mediaKeys.has(item.media_key));
  if (media.length) includes.media = media.map((item) => pick(item, mediaFields));
  return { data: tweets.map(shape), ...(Object.keys(includes).length ? { includes } : {}) };
}

let sequence = 1_900_000_000_000_000_000n;

/** A fresh snowflake-like id, larger than every earlier one. */
export function nextId(): string {
  sequence += 1n;
  return String(sequence);
}
