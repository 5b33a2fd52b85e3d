import type { Page, Tweet, TweetSearchRequest, User, UserSearchRequest } from '../types';
import { postFields, userFields } from './fields';
import { sortedTweets, sortedUsers, tweetPager, userPager } from './pages';
import type { XUpstream } from './upstream';

// Post search on GET /2/tweets/search/recent (the last 7 days: X's recent search) and user
// search on GET /2/users/search. X understands from:, to:, #tags, @mentions and lang: in the
// query itself; Perch's since:/until: become its start_time/end_time, include_replies and
// include_retweets become -is:reply/-is:retweet; min_likes and min_retweets, which X's query
// language lacks, are applied here over its pages.

const DAY = /(?:^|\s)(since|until):(\d{4}-\d{2}-\d{2})(?=\s|$)/g;

/** X's search query and time bounds for a Perch search request. */
export function xSearchQuery(request: Pick<TweetSearchRequest, 'query' | 'lang' | 'include_replies' | 'include_retweets'>): { query: string; start_time?: string; end_time?: string } {
  const bounds: { start_time?: string; end_time?: string } = {};
  const words = request.query.replace(DAY, (_match, which: string, day: string) => {
    if (which === 'since') bounds.start_time = `${day}T00:00:00Z`;
    else bounds.end_time = `${day}T00:00:00Z`;
    return ' ';
  });
  const parts = [words.trim() ? `(${words.trim()})` : ''];
  if (request.lang) parts.push(`lang:${request.lang}`);
  if (request.include_replies === false) parts.push('-is:reply');
  if (!request.include_retweets) parts.push('-is:retweet');
  return { query: parts.filter(Boolean).join(' '), ...bounds };
}

export function searchTweets(upstream: XUpstream, request: TweetSearchRequest): Promise<Page<Tweet>> {
  const { query, start_time, end_time } = xSearchQuery(request);
  const bounds = { ...(start_time ? { startTime: start_time } : {}), ...(end_time ? { endTime: end_time } : {}) };
  const pager = tweetPager(upstream, {
    name: 'posts.searchRecent',
    args: [query, bounds],
    subject: null,
    min: 10,
    max: 100,
    call: (x, page) => x.posts.searchRecent(query, { ...bounds, sortOrder: 'recency', maxResults: page.maxResults, nextToken: page.token, ...postFields() }),
  });
  // A tweet whose count X did not give cannot be shown to reach a minimum above zero.
  const atLeast = (count: number | null, minimum = 0) => minimum <= 0 || (count ?? -1) >= minimum;
  const keep = (tweet: Tweet) => atLeast(tweet.like_count, request.min_likes) && atLeast(tweet.retweet_count, request.min_retweets);
  return sortedTweets(pager, { ...request, max: 100, keep });
}

export function searchUsers(upstream: XUpstream, request: UserSearchRequest): Promise<Page<User>> {
  const pager = userPager(upstream, {
    name: 'users.search',
    args: [request.query],
    subject: null,
    min: 1,
    max: 1000,
    call: (x, page) => x.users.search(request.query, { maxResults: page.maxResults, nextToken: page.token, ...userFields() }),
  });
  return sortedUsers(pager, { ...request, max: 1000 });
}
