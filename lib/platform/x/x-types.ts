import type { PostsClient, Schemas, UsersClient } from '@xdevplatform/xdk';

// X API v2's objects as X's official SDK (@xdevplatform/xdk) types them: camelCase, because the
// SDK turns X's snake_case JSON into camelCase keys. Everything is optional there: a field
// missing from an answer becomes null in Perch's records, never a guess (map-records.ts), and
// an object missing what a record needs is left out (trusted.ts).

export type XUser = Schemas.User;
export type XPost = Schemas.Post;
export type XMedia = Schemas.Media;
export type XProblem = Schemas.Problem;
export type XIncludes = Schemas.Expansions;
export type XTrend = Schemas.Trend;

/** The options of an SDK method (its last overload: the one answering the parsed body). */
type OptionsOf<F> = F extends (first: never, options?: infer O) => Promise<unknown> ? NonNullable<O> : never;

/** A read answering posts (GET /2/tweets/:id, timelines, search …): the fields it may ask for. */
export type PostReadOptions = OptionsOf<PostsClient['getById']>;

/** A read answering users (GET /2/users/by/username/:username, followers …). */
export type UserReadOptions = OptionsOf<UsersClient['getByUsername']>;

/** What every X v2 answer may carry: data, includes, meta and partial errors. */
export type XAnswer<T> = {
  data?: T;
  includes?: XIncludes;
  meta?: { resultCount?: number; nextToken?: string };
  errors?: XProblem[];
};
