import type { Schemas } from '@xdevplatform/xdk';

// The in-memory world a fake X API answers from (tests/support/fake-x-api.ts), its records
// typed by X's own SDK (@xdevplatform/xdk, camelCase as the SDK types them; the fake turns keys
// to snake_case on the wire). A test may put any record in, nonsense included (an id 'abc!', a
// username with spaces, a negative count): the fake answers it as X would a record it holds.

/**
 * Public counts as a record stores them: a number is what X says (whatever it is), null is a
 * count X leaves out (X omits counts it does not have), and a count not stored is counted from
 * the world when it can be (followers, following, posts, likes, reposts, replies, quotes) or 0.
 */
export type StoredCounts<T> = { [K in keyof T]?: T[K] | null };

export type FakeUser = Omit<Schemas.User, 'publicMetrics'> & {
  id: string;
  username: string;
  name: string;
  /** null: X gives this user no public_metrics at all. */
  publicMetrics?: StoredCounts<Schemas.UserPublicMetrics> | null;
};

/** A post, reposts included (a repost references its source with type "retweeted"). */
export type FakePost = Omit<Schemas.Post, 'publicMetrics'> & { id: string; text: string; publicMetrics?: StoredCounts<Schemas.PostPublicMetrics> };

export type FakeMedia = Schemas.Media & { mediaKey: string };

export type FakeList = Schemas.List & { id: string; name: string; ownerId: string; members: string[]; followers: string[] };

export type FakeXWorld = {
  users: FakeUser[];
  posts: FakePost[];
  media: FakeMedia[];
  /** [follower, followed], oldest first. */
  follows: Array<[string, string]>;
  /** [user, post], oldest first. */
  likes: Array<[string, string]>;
  lists: FakeList[];
  /** Trends by WOEID. */
  trends: Record<string, Schemas.Trend[]>;
  /** Ids of suspended accounts: X's lookups answer them with its "User has been suspended" problem, never the record. */
  suspended?: string[];
};

export function emptyWorld(): FakeXWorld {
  return { users: [], posts: [], media: [], follows: [], likes: [], lists: [], trends: {} };
}

export const PROBLEM_NOT_FOUND = 'https://api.x.com/2/problems/resource-not-found';
export const PROBLEM_INVALID = 'https://api.x.com/2/problems/invalid-request';

/** The Not Found problem X puts in `errors` for a lookup of nothing. */
export function notFoundProblem(resourceType: string, parameter: string, value: string): Schemas.ResourceNotFoundProblem {
  return {
    value,
    detail: `Could not find ${resourceType} with ${parameter}: [${value}].`,
    title: 'Not Found Error',
    resourceType,
    parameter,
    resourceId: value,
    type: PROBLEM_NOT_FOUND,
  };
}

/** The problem X puts in `errors` for a suspended account asked for by id or username (titled Forbidden, typed as not found). */
export function suspendedProblem(parameter: string, value: string): Schemas.ResourceNotFoundProblem {
  return {
    value,
    detail: `User has been suspended: [${value}].`,
    title: 'Forbidden',
    resourceType: 'user',
    parameter,
    resourceId: value,
    type: PROBLEM_NOT_FOUND,
  };
}

/** Whether `post` references post `id` in this way (replied_to, quoted, retweeted). */
export function refersTo(post: FakePost, type: Schemas.PostReferencedPosts[number]['type'], id: string): boolean {
  return (post.referencedPosts ?? []).some((ref) => ref.type === type && ref.id === id);
}

/** Orders ids as X's snowflakes (numerically); a nonsense id sorts as text after the numeric ones. */
export function compareIds(a: string, b: string): number {
  const numeric = (id: string) => /^\d+$/.test(id);
  if (numeric(a) && numeric(b)) return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  if (numeric(a) !== numeric(b)) return numeric(a) ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

let sequence = 1_900_000_000_000_000_000n;

/** A fresh snowflake-like id, larger than every earlier one. */
export function nextId(): string {
  sequence += 1n;
  return String(sequence);
}
