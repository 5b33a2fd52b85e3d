import type { ListsClient, PostsClient, TrendsClient, UsersClient } from '@xdevplatform/xdk';

// What each endpoint of the fake X API accepts in its query, taken from X's own SDK
// (@xdevplatform/xdk): the parameter names of each method's options and the allowed values of
// its *.fields and expansions. The lists are written out (the fake needs them at run time) and
// the types below hold them equal to the SDK's, both ways: the day X adds, renames or drops a
// field or parameter, `tsc` fails here rather than the fake drifting from X.

type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
type Method = (...args: never[]) => unknown;
/** The options argument of an SDK method: its last parameter. */
type OptionsOf<F extends Method> = NonNullable<Parameters<F> extends [unknown, (infer O)?] ? O : Parameters<F> extends [(infer O)?] ? O : never>;
/** The option names an SDK method declares (its `[key: string]: any` left out), requestOptions aside. */
type OptionNames<F extends Method> = Exclude<keyof { [K in keyof OptionsOf<F> as string extends K ? never : number extends K ? never : K]: 0 }, 'requestOptions'>;
type ValuesOf<F extends Method, K extends string> = K extends OptionNames<F> & keyof OptionsOf<F> ? NonNullable<OptionsOf<F>[K]> extends ReadonlyArray<infer V> ? V : never : never;
/** A wire name as the SDK's options spell it: post.fields → postFields, max_results → maxResults. */
type CamelParam<S extends string> = S extends `${infer H}.${infer T}` ? `${H}${Capitalize<CamelParam<T>>}` : S extends `${infer H}_${infer T}` ? `${H}${Capitalize<CamelParam<T>>}` : S;

export const POST_FIELDS = [
  'article', 'article_title', 'attachments', 'card_uri', 'community_id', 'context_annotations', 'conversation_id', 'created_at', 'display_text_range', 'edit_controls',
  'entities', 'geo', 'id', 'lang', 'matched_media_notes', 'media_metadata', 'non_public_metrics', 'note_post', 'note_request_suggestions', 'organic_metrics',
  'paid_partnership', 'possibly_sensitive', 'promoted_metrics', 'public_metrics', 'reply_settings', 'scopes', 'source', 'suggested_source_links',
  'suggested_source_links_with_counts', 'text', 'withheld',
] as const satisfies ReadonlyArray<ValuesOf<PostsClient['getById'], 'postFields'>>;

export const USER_FIELDS = [
  'confirmed_email', 'connection_status', 'created_at', 'description', 'entities', 'id', 'is_identity_verified', 'location', 'name', 'parody', 'profile_banner_url',
  'profile_image_url', 'protected', 'public_metrics', 'receives_your_dm', 'subscribes_to_you', 'subscription', 'subscription_type', 'url', 'username', 'verified',
  'verified_followers_count', 'verified_type', 'withheld',
] as const satisfies ReadonlyArray<ValuesOf<UsersClient['getById'], 'userFields'>>;

export const MEDIA_FIELDS = [
  'alt_text', 'duration_ms', 'height', 'media_key', 'non_public_metrics', 'organic_metrics', 'preview_image_url', 'promoted_metrics', 'public_metrics', 'type', 'url',
  'variants', 'width',
] as const satisfies ReadonlyArray<ValuesOf<PostsClient['getById'], 'mediaFields'>>;

export const POLL_FIELDS = ['duration_minutes', 'end_datetime', 'id', 'options', 'voting_status'] as const satisfies ReadonlyArray<ValuesOf<PostsClient['getById'], 'pollFields'>>;
export const PLACE_FIELDS = ['contained_within', 'country', 'country_code', 'full_name', 'geo', 'id', 'name', 'place_type'] as const satisfies ReadonlyArray<
  ValuesOf<PostsClient['getById'], 'placeFields'>
>;
export const LIST_FIELDS = ['created_at', 'description', 'follower_count', 'id', 'member_count', 'name', 'private'] as const satisfies ReadonlyArray<ValuesOf<ListsClient['getById'], 'listFields'>>;
export const TREND_FIELDS = ['trend_name', 'tweet_count'] as const satisfies ReadonlyArray<ValuesOf<TrendsClient['getByWoeid'], 'trendFields'>>;

/** Expansions of endpoints answering posts. */
export const POST_EXPANSIONS = [
  'article.cover_media', 'article.media_entities', 'attachments.media_keys', 'attachments.media_source_tweet', 'attachments.poll_ids', 'author_id', 'edit_history_post_ids',
  'entities.mentions.username', 'geo.place_id', 'in_reply_to_user_id', 'referenced_posts', 'username',
] as const satisfies ReadonlyArray<ValuesOf<PostsClient['getById'], 'expansions'>>;
/** Expansions of endpoints answering users. */
export const USER_EXPANSIONS = ['affiliation', 'most_recent_post_id', 'pinned_post_id'] as const satisfies ReadonlyArray<ValuesOf<UsersClient['getById'], 'expansions'>>;
/** Expansions of the list lookup. */
export const LIST_EXPANSIONS = ['owner_id'] as const satisfies ReadonlyArray<ValuesOf<ListsClient['getById'], 'expansions'>>;

/** The allowed values of each *.fields parameter, the same on every endpoint that takes it (checked below). */
export const FIELD_VALUES = {
  'post.fields': POST_FIELDS,
  'user.fields': USER_FIELDS,
  'media.fields': MEDIA_FIELDS,
  'poll.fields': POLL_FIELDS,
  'place.fields': PLACE_FIELDS,
  'list.fields': LIST_FIELDS,
  'trend.fields': TREND_FIELDS,
} as const;
type FieldLists = { [K in keyof typeof FIELD_VALUES as CamelParam<K>]: (typeof FIELD_VALUES)[K][number] };

const POST_GROUP = ['post.fields', 'expansions', 'user.fields', 'media.fields', 'poll.fields', 'place.fields'] as const;
const USER_GROUP = ['user.fields', 'expansions', 'post.fields'] as const;
const PAGE = ['max_results', 'pagination_token'] as const;
const WINDOW = ['start_time', 'end_time', 'since_id', 'until_id'] as const;

/** One endpoint: the query parameters it takes (its positional ones, like ids or query, among them) and its expansions. */
export type EndpointSpec = { params: readonly string[]; expansions: readonly string[] };

export const ENDPOINTS = {
  postById: { params: POST_GROUP, expansions: POST_EXPANSIONS },
  postsByIds: { params: ['ids', ...POST_GROUP], expansions: POST_EXPANSIONS },
  searchRecent: { params: ['query', 'max_results', 'next_token', 'pagination_token', ...WINDOW, 'sort_order', ...POST_GROUP], expansions: POST_EXPANSIONS },
  likingUsers: { params: [...PAGE, ...USER_GROUP], expansions: USER_EXPANSIONS },
  repostedBy: { params: [...PAGE, ...USER_GROUP], expansions: USER_EXPANSIONS },
  quoted: { params: [...PAGE, 'exclude', ...POST_GROUP], expansions: POST_EXPANSIONS },
  userById: { params: USER_GROUP, expansions: USER_EXPANSIONS },
  userByUsername: { params: USER_GROUP, expansions: USER_EXPANSIONS },
  usersByUsernames: { params: ['usernames', ...USER_GROUP], expansions: USER_EXPANSIONS },
  usersByIds: { params: ['ids', ...USER_GROUP], expansions: USER_EXPANSIONS },
  me: { params: USER_GROUP, expansions: USER_EXPANSIONS },
  userSearch: { params: ['query', 'max_results', 'next_token', ...USER_GROUP], expansions: USER_EXPANSIONS },
  followers: { params: [...PAGE, ...USER_GROUP], expansions: USER_EXPANSIONS },
  following: { params: [...PAGE, ...USER_GROUP], expansions: USER_EXPANSIONS },
  userPosts: { params: [...PAGE, ...WINDOW, 'exclude', ...POST_GROUP], expansions: POST_EXPANSIONS },
  mentions: { params: [...PAGE, ...WINDOW, ...POST_GROUP], expansions: POST_EXPANSIONS },
  listById: { params: ['list.fields', 'expansions', 'user.fields'], expansions: LIST_EXPANSIONS },
  listPosts: { params: [...PAGE, ...POST_GROUP], expansions: POST_EXPANSIONS },
  listMembers: { params: [...PAGE, ...USER_GROUP], expansions: USER_EXPANSIONS },
  listFollowers: { params: [...PAGE, ...USER_GROUP], expansions: USER_EXPANSIONS },
  trendsByWoeid: { params: ['max_trends', 'trend.fields'], expansions: [] },
  /** Writes take no query parameters. */
  write: { params: [], expansions: [] },
} as const satisfies Record<string, EndpointSpec>;

/** The SDK method each endpoint mirrors, and which of its query parameters the SDK passes positionally. */
type Mirrors = {
  postById: [PostsClient['getById'], never];
  postsByIds: [PostsClient['getByIds'], 'ids'];
  searchRecent: [PostsClient['searchRecent'], 'query'];
  likingUsers: [PostsClient['getLikingUsers'], never];
  repostedBy: [PostsClient['getRepostedBy'], never];
  quoted: [PostsClient['getQuoted'], never];
  userById: [UsersClient['getById'], never];
  userByUsername: [UsersClient['getByUsername'], never];
  usersByUsernames: [UsersClient['getByUsernames'], 'usernames'];
  usersByIds: [UsersClient['getByIds'], 'ids'];
  me: [UsersClient['getMe'], never];
  userSearch: [UsersClient['search'], 'query'];
  followers: [UsersClient['getFollowers'], never];
  following: [UsersClient['getFollowing'], never];
  userPosts: [UsersClient['getPosts'], never];
  mentions: [UsersClient['getMentions'], never];
  listById: [ListsClient['getById'], never];
  listPosts: [ListsClient['getPosts'], never];
  listMembers: [ListsClient['getMembers'], never];
  listFollowers: [ListsClient['getFollowers'], never];
  trendsByWoeid: [TrendsClient['getByWoeid'], never];
};
type Spec<K extends keyof Mirrors> = (typeof ENDPOINTS)[K];
/** An endpoint agrees with its SDK method: the same parameters, the same expansions, and each *.fields list the shared one. */
type Agrees<K extends keyof Mirrors, F extends Method = Mirrors[K][0]> = [
  Exact<CamelParam<Exclude<Spec<K>['params'][number], Mirrors[K][1]>>, OptionNames<F>>,
  Exact<Spec<K>['expansions'][number], ValuesOf<F, 'expansions'>>,
  { [P in OptionNames<F> & keyof FieldLists]: Exact<ValuesOf<F, P>, FieldLists[P]> }[OptionNames<F> & keyof FieldLists],
];
type AllTrue<T extends readonly boolean[]> = T[number] extends true ? true : false;
/** The endpoints that drifted from the SDK: none, or `tsc` names them ("Type '"quoted"' does not satisfy the constraint 'never'"). */
type Drifted = { [K in keyof Mirrors]: AllTrue<Agrees<K>> extends true ? never : K }[keyof Mirrors];
type None<T extends never> = T;
export type EndpointsAgreeWithSdk = None<Drifted>;
/** Every field list is the SDK's whole list, not a part of it. */
export type FieldListsComplete = Assert<
  AllTrue<
    [
      Exact<FieldLists['postFields'], ValuesOf<PostsClient['getById'], 'postFields'>>,
      Exact<FieldLists['userFields'], ValuesOf<UsersClient['getById'], 'userFields'>>,
      Exact<FieldLists['mediaFields'], ValuesOf<PostsClient['getById'], 'mediaFields'>>,
      Exact<FieldLists['pollFields'], ValuesOf<PostsClient['getById'], 'pollFields'>>,
      Exact<FieldLists['placeFields'], ValuesOf<PostsClient['getById'], 'placeFields'>>,
      Exact<FieldLists['listFields'], ValuesOf<ListsClient['getById'], 'listFields'>>,
      Exact<FieldLists['trendFields'], ValuesOf<TrendsClient['getByWoeid'], 'trendFields'>>,
    ]
  >
>;

export type EndpointName = keyof typeof ENDPOINTS;

/** A parameter X refused, as X names it in `errors`. */
export type ParameterError = { parameters: Record<string, string[]>; message: string };

/** X's checks of a query against an endpoint: unknown parameters, and values outside a *.fields or expansions list. */
export function queryErrors(endpoint: EndpointName, query: URLSearchParams): ParameterError[] {
  const spec: EndpointSpec = ENDPOINTS[endpoint];
  const errors: ParameterError[] = [];
  for (const name of new Set(query.keys())) {
    if (!spec.params.includes(name)) {
      errors.push({ parameters: { [name]: query.getAll(name) }, message: `The query parameter [${name}] is not one of [${spec.params.join(',')}]` });
      continue;
    }
    const allowed: readonly string[] | undefined = name === 'expansions' ? spec.expansions : FIELD_VALUES[name as keyof typeof FIELD_VALUES];
    if (!allowed) continue;
    for (const value of (query.get(name) ?? '').split(',')) {
      if (!allowed.includes(value)) errors.push({ parameters: { [name]: [value] }, message: `The \`${name}\` query parameter value [${value}] is not one of [${allowed.join(',')}]` });
    }
  }
  return errors;
}
