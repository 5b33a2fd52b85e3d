import { NotFoundError } from '../errors';
import type { BatchResult, Tweet, User } from '../types';
import { postFields, userFields } from './fields';
import { mapTweets, mapUser, mapUsers } from './map-records';
import { withReferencedAuthors } from './references';
import type { XUpstream } from './upstream';
import type { XAnswer, XPost } from './x-types';

// Single and batch lookups of users and posts (GET /2/users/by/username/:username, /2/users/:id,
// /2/users/by, /2/tweets/:id, /2/tweets), through X's official SDK.

/** The User record of a username (case-insensitive at X); a user X answers in a shape Perch cannot trust is not found. */
export async function xUserByUsername(upstream: XUpstream, username: string): Promise<User> {
  const answer = await upstream.read('users.getByUsername', [username], 'user', (x) => x.users.getByUsername(username, userFields()));
  const user = answer.data ? mapUser(answer.data) : null;
  if (!user) throw new NotFoundError('user');
  return user;
}

export const getUser = xUserByUsername;

export async function getUserById(upstream: XUpstream, id: string): Promise<User> {
  const answer = await upstream.read('users.getById', [id], 'user', (x) => x.users.getById(id, userFields()));
  const user = answer.data ? mapUser(answer.data) : null;
  if (!user) throw new NotFoundError('user');
  return user;
}

/** Found users in request order, each once; the names X did not find as given. */
export async function getUsersBatch(upstream: XUpstream, usernames: readonly string[]): Promise<BatchResult<User>> {
  const unique = [...new Set(usernames.map((name) => name.toLowerCase()))];
  const answer = await upstream.read('users.getByUsernames', [unique], null, (x) => x.users.getByUsernames(unique, userFields()));
  const found = new Map(mapUsers(answer.data).map((user) => [user.username.toLowerCase(), user]));
  const items: User[] = [];
  const seen = new Set<string>();
  const notFound: string[] = [];
  for (const name of usernames) {
    const user = found.get(name.toLowerCase());
    if (!user) notFound.push(name);
    else if (!seen.has(user.id)) {
      seen.add(user.id);
      items.push(user);
    }
  }
  return { items, not_found: notFound };
}

/** The Tweet records of an answer's posts, their quoted and retweeted posts filled in. */
export async function tweetsOf(upstream: XUpstream, answer: XAnswer<XPost[]>): Promise<Tweet[]> {
  const posts = answer.data ?? [];
  return mapTweets(posts, await withReferencedAuthors(upstream, posts, answer.includes));
}

/** The post as X answers it, with its record. */
export async function lookupTweet(upstream: XUpstream, id: string): Promise<{ raw: XPost; tweet: Tweet }> {
  const answer = await upstream.read('posts.getById', [id], 'tweet', (x) => x.posts.getById(id, postFields()));
  const raw = answer.data;
  const [tweet] = raw ? await tweetsOf(upstream, { data: [raw], includes: answer.includes }) : [];
  if (!raw || !tweet) throw new NotFoundError('tweet');
  return { raw, tweet };
}

/** Found tweets in request order, each once; the ids X did not find. */
export async function getTweetsBatch(upstream: XUpstream, ids: readonly string[]): Promise<BatchResult<Tweet>> {
  const unique = [...new Set(ids)];
  const answer = await upstream.read('posts.getByIds', [unique], null, (x) => x.posts.getByIds(unique, postFields()));
  const found = new Map((await tweetsOf(upstream, answer)).map((tweet) => [tweet.id, tweet]));
  const items: Tweet[] = [];
  const seen = new Set<string>();
  const notFound: string[] = [];
  for (const id of ids) {
    const tweet = found.get(id);
    if (!tweet) notFound.push(id);
    else if (!seen.has(id)) {
      seen.add(id);
      items.push(tweet);
    }
  }
  return { items, not_found: notFound };
}
