import type { Lists, Posts, Schemas, Trends, Users } from '@xdevplatform/xdk';
import { queryErrors, type EndpointName, type ParameterError } from './fake-x-params';
import { searchMatches } from './fake-x-search';
import { listAnswer, postsAnswer, trendsAnswer, usersAnswer } from './fake-x-shapes';
import { compareIds, nextId, notFoundProblem, PROBLEM_INVALID, refersTo, suspendedProblem, type FakePost, type FakeUser, type FakeXWorld } from './fake-x-world';

// The fake X API's routes: X's paths (unchanged: /2/tweets, /2/users/...), each answering as the
// SDK's response type of its endpoint (Posts.GetByIdResponse, Users.GetFollowersResponse, ...)
// so that `tsc` fails when the fake and X's shapes part. Each route first holds its query to
// X's description of the endpoint (fake-x-params.ts): anything else is X's 400.

/** A route's answer: a status and its body (camelCase, as the SDK types it; the server sends it snake_case). */
export type Answer = { status: number; body: unknown; unmatched?: true };

/** Who a request acts as: a user (a user token's grant) or the app (null). */
export type Acting = { userId: string } | null;

function ok<T>(body: T): Answer {
  return { status: 200, body };
}

/** X's problem body for a whole request refused. */
export function problem(status: number, title: string, detail: string, type = 'about:blank'): Answer {
  return { status, body: { title, detail, type, status } };
}

function invalid(detail: string, parameter?: string, value?: string): Answer {
  const body: Schemas.InvalidRequestProblem & { errors: ParameterError[] } = {
    title: 'Invalid Request',
    detail,
    type: PROBLEM_INVALID,
    errors: [{ parameters: parameter ? { [parameter]: [value ?? ''] } : {}, message: detail }],
  };
  return { status: 400, body };
}

/** X's 400 for query parameters it does not take: every refused one in `errors`. */
function refused(errors: ParameterError[]): Answer {
  const detail = errors.length === 1 ? errors[0].message : `One or more parameters to your request was invalid. ${errors.map((error) => error.message).join(' ')}`;
  const body: Schemas.InvalidRequestProblem & { errors: ParameterError[] } = { title: 'Invalid Request', detail, type: PROBLEM_INVALID, errors };
  return { status: 400, body };
}

type Meta = { resultCount: number; nextToken?: string };

/** One page of `items` per max_results (X's bounds for the endpoint) and the page token. */
function paged<T>(items: readonly T[], query: URLSearchParams, min: number, max: number, tokenNames: readonly string[] = ['pagination_token']): { page: T[]; meta: Meta } | Answer {
  const size = query.has('max_results') ? Number(query.get('max_results')) : Math.min(max, 100);
  if (!Number.isInteger(size) || size < min || size > max) {
    return invalid(`The \`max_results\` query parameter value [${query.get('max_results')}] is not between ${min} and ${max}`, 'max_results', query.get('max_results') ?? '');
  }
  const tokenName = tokenNames.find((name) => query.has(name)) ?? tokenNames[0];
  const tokenValue = query.get(tokenName);
  const offset = tokenValue ? Number(Buffer.from(tokenValue, 'base64url').toString().replace(/^o:/, '')) : 0;
  if (!Number.isInteger(offset) || offset < 0) return invalid(`The \`${tokenName}\` query parameter value [${tokenValue}] is not valid`, tokenName, tokenValue ?? '');
  const page = items.slice(offset, offset + size);
  const end = offset + page.length;
  return { page, meta: { resultCount: page.length, ...(end < items.length ? { nextToken: Buffer.from(`o:${end}`).toString('base64url') } : {}) } };
}

function isAnswer(value: unknown): value is Answer {
  return typeof (value as Answer).status === 'number';
}

function newestFirst(posts: readonly FakePost[]): FakePost[] {
  return [...posts].sort((a, b) => compareIds(b.id, a.id));
}

function segment(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const APP_ONLY = problem(403, 'Unsupported Authentication', 'Authenticating with OAuth 2.0 Application-Only is forbidden for this endpoint.  Supported authentication types are [OAuth 1.0a User Context, OAuth 2.0 User Context].', 'https://api.x.com/2/problems/unsupported-authentication');

/** Answers one API request (OAuth and faults are the server's). */
export function route(world: FakeXWorld, method: string, url: URL, body: Record<string, unknown>, acting: Acting): Answer {
  const query = url.searchParams;
  const [head, a, b, c] = url.pathname.split('/').slice(2).map(segment); // after /2/
  const strict = (endpoint: EndpointName): Answer | null => {
    const errors = queryErrors(endpoint, query);
    return errors.length ? refused(errors) : null;
  };
  const userById = (id: string) => world.users.find((user) => user.id === id);
  const userByName = (name: string) => world.users.find((user) => user.username.toLowerCase() === name.toLowerCase());
  const postById = (id: string) => world.posts.find((post) => post.id === id);
  const present = <T>(items: ReadonlyArray<T | undefined>): T[] => items.filter((item): item is T => item !== undefined);

  const userPage = (endpoint: EndpointName, users: ReadonlyArray<FakeUser | undefined>, min: number, max: number, tokenNames?: readonly string[]): Answer => {
    const result = strict(endpoint) ?? paged(present(users), query, min, max, tokenNames);
    if (isAnswer(result)) return result;
    const answer = result.page.length ? usersAnswer(world, result.page, query) : {};
    return ok<Users.GetFollowersResponse & Posts.GetLikingUsersResponse & Lists.GetMembersResponse & Users.SearchResponse>({ ...answer, meta: result.meta });
  };
  const postPage = (endpoint: EndpointName, posts: readonly FakePost[], min: number, max: number, tokenNames?: readonly string[]): Answer => {
    const result = strict(endpoint) ?? paged(newestFirst(posts), query, min, max, tokenNames);
    if (isAnswer(result)) return result;
    // X's post lists name the page's newest and oldest ids in meta.
    const ids = result.page.length ? { newestId: result.page[0].id, oldestId: result.page[result.page.length - 1].id } : {};
    const answer = result.page.length ? postsAnswer(world, result.page, query) : {};
    return ok<Posts.SearchRecentResponse & Users.GetPostsResponse & Users.GetMentionsResponse & Posts.GetQuotedResponse>({ ...answer, meta: { ...ids, ...result.meta } });
  };
  const oneUser = (endpoint: EndpointName, user: FakeUser | undefined, parameter: string, value: string): Answer => {
    const refusal = strict(endpoint);
    if (refusal) return refusal;
    if (!user) return ok<Users.GetByIdResponse>({ errors: [notFoundProblem('user', parameter, value)] });
    const answer = usersAnswer(world, [user], query);
    return ok<Users.GetByIdResponse & Users.GetByUsernameResponse & Users.GetMeResponse>({ data: answer.data[0], ...(answer.includes ? { includes: answer.includes } : {}) });
  };
  // Writes and user-context reads act as the token's user, and only as it.
  const actingAs = (id: string): Answer | null =>
    acting === null ? APP_ONLY : acting.userId === id ? null : problem(403, 'Forbidden', 'You are not permitted to perform this action.', 'https://api.x.com/2/problems/not-authorized-for-resource');

  if (method === 'GET' && head === 'users') {
    if (a === 'me') return acting ? oneUser('me', userById(acting.userId), 'id', acting.userId) : (strict('me') ?? APP_ONLY);
    if (a === 'by' && b === 'username' && c !== undefined) return oneUser('userByUsername', userByName(c), 'username', c);
    if (a === 'by' && b === undefined) {
      const refusal = strict('usersByUsernames');
      if (refusal) return refusal;
      const names = (query.get('usernames') ?? '').split(',').filter(Boolean);
      if (names.length === 0 || names.length > 100) return invalid(`The \`usernames\` query parameter value [${query.get('usernames') ?? ''}] must hold 1 to 100 names`, 'usernames', query.get('usernames') ?? '');
      const found = names.map(userByName);
      const errors = names.filter((_name, index) => !found[index]).map((name) => notFoundProblem('user', 'usernames', name));
      const answer = found.some(Boolean) ? usersAnswer(world, present(found), query) : {};
      return ok<Users.GetByUsernamesResponse>({ ...answer, ...(errors.length ? { errors } : {}) });
    }
    if (a === undefined) {
      const refusal = strict('usersByIds');
      if (refusal) return refusal;
      const ids = (query.get('ids') ?? '').split(',').filter(Boolean);
      if (ids.length === 0 || ids.length > 100) return invalid(`The \`ids\` query parameter value [${query.get('ids') ?? ''}] must hold 1 to 100 ids`, 'ids', query.get('ids') ?? '');
      const suspended = new Set(world.suspended ?? []);
      const found = ids.map((id) => (suspended.has(id) ? undefined : userById(id)));
      const errors = ids.filter((_id, index) => !found[index]).map((id) => (suspended.has(id) ? suspendedProblem('ids', id) : notFoundProblem('user', 'ids', id)));
      const answer = found.some(Boolean) ? usersAnswer(world, present(found), query) : {};
      return ok<Users.GetByIdsResponse>({ ...answer, ...(errors.length ? { errors } : {}) });
    }
    if (a === 'search' && b === undefined) {
      const words = (query.get('query') ?? '').toLowerCase();
      const found = world.users.filter((user) => `${user.username} ${user.name} ${user.description ?? ''}`.toLowerCase().includes(words));
      return userPage('userSearch', found, 1, 1000, ['next_token']);
    }
    const user = userById(a);
    if (b === undefined) return oneUser('userById', user, 'id', a);
    const listing = ({ tweets: 'userPosts', mentions: 'mentions', followers: 'followers', following: 'following' } as const)[b];
    if (!user && listing && c === undefined) return strict(listing) ?? ok<Users.GetPostsResponse>({ errors: [notFoundProblem('user', 'id', a)] });
    if (!user) return { status: 404, body: { title: 'Not Found', detail: `Sorry, that page does not exist: ${method} ${url.pathname}`, type: 'about:blank', status: 404 }, unmatched: true };
    if (b === 'tweets' && c === undefined) {
      const exclude = (query.get('exclude') ?? '').split(',');
      const own = world.posts.filter(
        (post) =>
          post.authorId === user.id &&
          !(exclude.includes('replies') && (post.referencedPosts ?? []).some((ref) => ref.type === 'replied_to')) &&
          !(exclude.includes('retweets') && (post.referencedPosts ?? []).some((ref) => ref.type === 'retweeted')),
      );
      return postPage('userPosts', own, 5, 100);
    }
    if (b === 'mentions' && c === undefined) {
      return postPage('mentions', world.posts.filter((post) => (post.entities?.mentions ?? []).some((mention) => (mention.username ?? '').toLowerCase() === user.username.toLowerCase())), 5, 100);
    }
    if (b === 'followers' && c === undefined) return userPage('followers', [...world.follows].reverse().filter(([, followed]) => followed === user.id).map(([follower]) => userById(follower)), 1, 1000);
    if (b === 'following' && c === undefined) return userPage('following', [...world.follows].reverse().filter(([follower]) => follower === user.id).map(([, followed]) => userById(followed)), 1, 1000);
  }

  if (method === 'GET' && head === 'tweets') {
    if (a === 'search' && b === 'recent' && c === undefined) {
      const refusal = strict('searchRecent');
      if (refusal) return refusal;
      const text = query.get('query') ?? '';
      if (!text) return invalid('The `query` query parameter can not be empty', 'query', '');
      const start = query.get('start_time');
      const end = query.get('end_time');
      const sinceId = query.get('since_id');
      const untilId = query.get('until_id');
      // As instants: 12:00:00.5Z is after a start_time of 12:00:00Z, whatever the strings' order.
      const time = (post: FakePost) => Date.parse(post.createdAt ?? '');
      const found = world.posts.filter(
        (post) =>
          searchMatches(world, post, text) &&
          (!start || time(post) >= Date.parse(start)) &&
          (!end || time(post) < Date.parse(end)) &&
          (!sinceId || compareIds(post.id, sinceId) > 0) &&
          (!untilId || compareIds(post.id, untilId) < 0),
      );
      // X's recent search takes its page token by either name.
      return postPage('searchRecent', found, 10, 100, ['next_token', 'pagination_token']);
    }
    if (a === undefined) {
      const refusal = strict('postsByIds');
      if (refusal) return refusal;
      const ids = (query.get('ids') ?? '').split(',').filter(Boolean);
      if (ids.length === 0 || ids.length > 100) return invalid(`The \`ids\` query parameter value [${query.get('ids') ?? ''}] must hold 1 to 100 ids`, 'ids', query.get('ids') ?? '');
      const found = ids.map(postById);
      const errors = ids.filter((_id, index) => !found[index]).map((id) => notFoundProblem('tweet', 'ids', id));
      const answer = found.some(Boolean) ? postsAnswer(world, present(found), query) : {};
      return ok<Posts.GetByIdsResponse>({ ...answer, ...(errors.length ? { errors } : {}) });
    }
    const post = postById(a);
    if (b === undefined) {
      const refusal = strict('postById');
      if (refusal) return refusal;
      if (!post) return ok<Posts.GetByIdResponse>({ errors: [notFoundProblem('tweet', 'id', a)] });
      const answer = postsAnswer(world, [post], query);
      return ok<Posts.GetByIdResponse>({ data: answer.data[0], ...(answer.includes ? { includes: answer.includes } : {}) });
    }
    // X lists nobody for a post that does not exist, as for one nobody engaged with.
    if (b === 'liking_users' && c === undefined) return userPage('likingUsers', post ? [...world.likes].reverse().filter(([, id]) => id === post.id).map(([userId]) => userById(userId)) : [], 1, 100);
    if (b === 'retweeted_by' && c === undefined) {
      return userPage('repostedBy', world.posts.filter((other) => refersTo(other, 'retweeted', a)).map((other) => userById(other.authorId ?? '')), 1, 100);
    }
    if (b === 'quote_tweets' && c === undefined) return postPage('quoted', world.posts.filter((other) => refersTo(other, 'quoted', a)), 10, 100);
  }

  if (method === 'GET' && head === 'lists' && a !== undefined) {
    const list = world.lists.find((candidate) => candidate.id === a);
    if (b === undefined) {
      const refusal = strict('listById');
      if (refusal) return refusal;
      return list ? ok<Lists.GetByIdResponse>(listAnswer(world, list, query)) : ok<Lists.GetByIdResponse>({ errors: [notFoundProblem('list', 'id', a)] });
    }
    const endpoint = b === 'tweets' ? 'listPosts' : b === 'members' ? 'listMembers' : 'listFollowers';
    if (!list && ['tweets', 'members', 'followers'].includes(b) && c === undefined) return strict(endpoint) ?? ok<Lists.GetPostsResponse>({ errors: [notFoundProblem('list', 'id', a)] });
    if (list && b === 'tweets' && c === undefined) return postPage('listPosts', world.posts.filter((post) => list.members.includes(post.authorId ?? '')), 1, 100);
    if (list && b === 'members' && c === undefined) return userPage('listMembers', list.members.map(userById), 1, 100);
    if (list && b === 'followers' && c === undefined) return userPage('listFollowers', list.followers.map(userById), 1, 100);
  }

  if (method === 'GET' && head === 'trends' && a === 'by' && b === 'woeid' && c !== undefined) {
    const refusal = strict('trendsByWoeid');
    if (refusal) return refusal;
    const max = Number(query.get('max_trends') ?? 20);
    if (!Number.isInteger(max) || max < 1 || max > 50) return invalid(`The \`max_trends\` query parameter value [${query.get('max_trends')}] is not between 1 and 50`, 'max_trends', query.get('max_trends') ?? '');
    return ok<Trends.GetByWoeidResponse>({ data: trendsAnswer((world.trends[c] ?? []).slice(0, max), query) });
  }

  if (method !== 'GET') {
    const refusal = strict('write');
    if (refusal) return refusal;
    const written = write(world, method, [head, a, b, c], body, acting, actingAs);
    if (written) return written;
  }
  return { status: 404, body: { title: 'Not Found', detail: `Sorry, that page does not exist: ${method} ${url.pathname}`, type: 'about:blank', status: 404 }, unmatched: true };
}

/** The SDK's request body types, read from snake_case JSON; nothing in them is trusted. */
function camelBody<T>(body: Record<string, unknown>): Partial<T> {
  const camel = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(camel);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key.replace(/_([a-z])/g, (_m, letter: string) => letter.toUpperCase()), camel(inner)]));
  };
  return camel(body) as Partial<T>;
}

function write(world: FakeXWorld, method: string, [head, a, b, c]: Array<string | undefined>, raw: Record<string, unknown>, acting: Acting, actingAs: (id: string) => Answer | null): Answer | null {
  const postById = (id: string) => world.posts.find((post) => post.id === id);
  const userById = (id: string) => world.users.find((user) => user.id === id);

  if (head === 'tweets' && method === 'POST' && a === undefined) {
    if (!acting) return APP_ONLY;
    const body = camelBody<Posts.CreateRequest>(raw);
    const text = typeof body.text === 'string' ? body.text : '';
    const replyTo = body.reply?.inReplyToTweetId;
    const quoted = body.quoteTweetId;
    const parent = replyTo ? postById(replyTo) : undefined;
    if ((replyTo && !parent) || (quoted && !postById(quoted))) return invalid('The referenced post does not exist.');
    const id = nextId();
    const references: Schemas.PostReferencedPosts = [...(parent ? [{ type: 'replied_to' as const, id: parent.id }] : []), ...(quoted ? [{ type: 'quoted' as const, id: quoted }] : [])];
    world.posts.push({
      id,
      text,
      authorId: acting.userId,
      createdAt: new Date().toISOString(),
      conversationId: parent ? (parent.conversationId ?? parent.id) : id,
      lang: 'en',
      ...(parent?.authorId ? { inReplyToUserId: parent.authorId } : {}),
      ...(references.length ? { referencedPosts: references } : {}),
    });
    return ok<Posts.CreateResponse>({ data: { id, text, editHistoryPostIds: [id] } });
  }
  if (head === 'tweets' && method === 'DELETE' && a !== undefined && b === undefined) {
    if (!acting) return APP_ONLY;
    const post = postById(a);
    if (post && post.authorId !== acting.userId) return problem(403, 'Forbidden', 'You are not allowed to delete a Tweet you do not own.');
    if (post) world.posts.splice(world.posts.indexOf(post), 1);
    return ok<Posts.DeleteResponse>({ data: { deleted: Boolean(post) } });
  }
  if (head !== 'users' || a === undefined || (method !== 'POST' && method !== 'DELETE')) return null;
  if (b !== 'likes' && b !== 'retweets' && b !== 'following') return null;
  const refusal = actingAs(a);
  if (refusal) return refusal;
  if (b === 'likes') {
    const postId = method === 'POST' ? String(camelBody<Users.LikePostRequest>(raw).tweetId ?? '') : (c ?? '');
    if (!postById(postId)) return invalid(`Could not find tweet with tweet_id: [${postId}].`, 'tweet_id', postId);
    const index = world.likes.findIndex(([userId, id]) => userId === a && id === postId);
    if (method === 'POST' && index < 0) world.likes.push([a, postId]);
    if (method === 'DELETE' && index >= 0) world.likes.splice(index, 1);
    return method === 'POST' ? ok<Users.LikePostResponse>({ data: { liked: true } }) : ok<Users.UnlikePostResponse>({ data: { liked: false } });
  }
  if (b === 'retweets') {
    const postId = method === 'POST' ? String(camelBody<Users.RepostPostRequest>(raw).tweetId ?? '') : (c ?? '');
    const source = postById(postId);
    if (!source) return invalid(`Could not find tweet with tweet_id: [${postId}].`, 'tweet_id', postId);
    const existing = world.posts.find((post) => post.authorId === a && refersTo(post, 'retweeted', postId));
    if (method === 'DELETE') {
      if (existing) world.posts.splice(world.posts.indexOf(existing), 1);
      return ok<Users.UnrepostPostResponse>({ data: { retweeted: false } });
    }
    const author = userById(source.authorId ?? '');
    const repost: FakePost = existing ?? {
      id: nextId(),
      text: `RT @${author?.username ?? ''}: ${source.text}`.slice(0, 140),
      authorId: a,
      createdAt: new Date().toISOString(),
      referencedPosts: [{ type: 'retweeted', id: postId }],
    };
    if (!existing) world.posts.push({ ...repost, conversationId: repost.id });
    return ok<Users.RepostPostResponse>({ data: { retweeted: true, restId: repost.id } });
  }
  const target = method === 'POST' ? String(camelBody<Users.FollowUserRequest>(raw).targetUserId ?? '') : (c ?? '');
  if (!userById(target)) return invalid(`Could not find user with target_user_id: [${target}].`, 'target_user_id', target);
  const index = world.follows.findIndex(([follower, followed]) => follower === a && followed === target);
  if (method === 'POST' && index < 0) world.follows.push([a, target]);
  if (method === 'DELETE' && index >= 0) world.follows.splice(index, 1);
  return method === 'POST' ? ok<Users.FollowUserResponse>({ data: { following: true, pendingFollow: false } }) : ok<Users.UnfollowUserResponse>({ data: { following: false } });
}
