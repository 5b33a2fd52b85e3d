import { NotFoundError } from '../errors';
import type { BatchResult, Tweet, User } from '../types';
import { TWEET_QUERY, USER_QUERY } from './fields';
import { mapTweets, mapUser } from './map-records';
import type { XUpstream } from './upstream';
import type { XIncludes, XTweet, XUser } from './x-types';

// Single and batch lookups of users and tweets (GET /2/users/by/username/:username, /2/users/:id,
// /2/users/by, /2/tweets/:id, /2/tweets).

/** The X user of a username (case-insensitive at X). */
export async function xUserByUsername(upstream: XUpstream, username: string): Promise<XUser> {
  const answer = await upstream.read<XUser>(`users/by/username/${encodeURIComponent(username)}`, USER_QUERY, 'user');
  if (!answer.data) throw new NotFoundError('user');
  return answer.data;
}

export async function getUser(upstream: XUpstream, username: string): Promise<User> {
  return mapUser(await xUserByUsername(upstream, username));
}

export async function getUserById(upstream: XUpstream, id: string): Promise<User> {
  const answer = await upstream.read<XUser>(`users/${id}`, USER_QUERY, 'user');
  if (!answer.data) throw new NotFoundError('user');
  return mapUser(answer.data);
}

/** Found users in request order, each once; the names X did not find as given. */
export async function getUsersBatch(upstream: XUpstream, usernames: readonly string[]): Promise<BatchResult<User>> {
  const unique = [...new Set(usernames.map((name) => name.toLowerCase()))];
  const answer = await upstream.read<XUser[]>('users/by', { ...USER_QUERY, usernames: unique.join(',') }, null);
  const found = new Map((answer.data ?? []).map((user) => [user.username.toLowerCase(), user]));
  const items: User[] = [];
  const seen = new Set<string>();
  const notFound: string[] = [];
  for (const name of usernames) {
    const user = found.get(name.toLowerCase());
    if (!user) notFound.push(name);
    else if (!seen.has(user.id)) {
      seen.add(user.id);
      items.push(mapUser(user));
    }
  }
  return { items, not_found: notFound };
}

/** The tweet as X answers it, with its record. */
export async function lookupTweet(upstream: XUpstream, id: string): Promise<{ raw: XTweet; tweet: Tweet }> {
  const answer = await upstream.read<XTweet>(`tweets/${id}`, TWEET_QUERY, 'tweet');
  const [tweet] = answer.data ? mapTweets([answer.data], answer.includes as XIncludes) : [];
  if (!answer.data || !tweet) throw new NotFoundError('tweet');
  return { raw: answer.data, tweet };
}

/** Found tweets in request order, each once; the ids X did not find. */
export async function getTweetsBatch(upstream: XUpstream, ids: readonly string[]): Promise<BatchResult<Tweet>> {
  const answer = await upstream.read<XTweet[]>('tweets', { ...TWEET_QUERY, ids: [...new Set(ids)].join(',') }, null);
  const found = new Map(mapTweets(answer.data, answer.includes as XIncludes).map((tweet) => [tweet.id, tweet]));
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
