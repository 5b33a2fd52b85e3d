import { InvalidInputError } from '@/lib/platform/errors';
import type { Page, Tweet, TweetSearchRequest } from '@/lib/platform/types';
import { parseTweetQuery, type ParsedTweetQuery } from './parse-tweet-query';
import { SqlParams } from './sql-params';
import { tweetPage, type TweetSource } from './tweet-page';

function nonNegative(name: string, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < 0) throw new InvalidInputError(`${name} must be a whole number of at least 0`, name);
  return value;
}

// A username resolved inside the statement: an unknown user is NULL, which matches no
// tweet (=) and rules none out (IS DISTINCT FROM), as "from:nobody" and "-from:nobody" should.
function userId(params: SqlParams, username: string): string {
  return `(SELECT id FROM platform.users WHERE lower(username) = ${params.add(username, 'text')})`;
}

/**
 * The FROM item and conditions of a parsed query. The first #tag (else the first @user)
 * drives the scan from its index table, whose (key, tweet_id) order serves `latest` directly.
 */
function sourceOf(query: ParsedTweetQuery, params: SqlParams): TweetSource {
  const where: string[] = [];
  const { include, exclude } = query;
  let from = 'platform.tweets t';
  let id = 't.id';
  let hashtags = include.hashtags;
  let mentions = include.mentions;
  if (hashtags.length > 0) {
    from = 'platform.tweet_hashtags dh JOIN platform.tweets t ON t.id = dh.tweet_id';
    where.push(`dh.tag = ${params.add(hashtags[0], 'text')}`);
    id = 'dh.tweet_id';
    hashtags = hashtags.slice(1);
  } else if (mentions.length > 0) {
    from = 'platform.tweet_mentions dm JOIN platform.tweets t ON t.id = dm.tweet_id';
    where.push(`dm.user_id = ${userId(params, mentions[0])}`);
    id = 'dm.tweet_id';
    mentions = mentions.slice(1);
  }
  const hasTag = (tag: string) => `EXISTS (SELECT 1 FROM platform.tweet_hashtags h WHERE h.tag = ${params.add(tag, 'text')} AND h.tweet_id = t.id)`;
  const mentionsUser = (name: string) => `EXISTS (SELECT 1 FROM platform.tweet_mentions m WHERE m.user_id = ${userId(params, name)} AND m.tweet_id = t.id)`;
  for (const tag of hashtags) where.push(hasTag(tag));
  for (const tag of exclude.hashtags) where.push(`NOT ${hasTag(tag)}`);
  for (const name of mentions) where.push(mentionsUser(name));
  for (const name of exclude.mentions) where.push(`NOT ${mentionsUser(name)}`);
  for (const name of include.from) where.push(`t.author_id = ${userId(params, name)}`);
  for (const name of exclude.from) where.push(`t.author_id IS DISTINCT FROM ${userId(params, name)}`);
  for (const name of include.to) where.push(`t.in_reply_to_user_id = ${userId(params, name)}`);
  for (const name of exclude.to) where.push(`t.in_reply_to_user_id IS DISTINCT FROM ${userId(params, name)}`);
  for (const lang of include.langs) where.push(`lower(t.lang) = ${params.add(lang, 'text')}`);
  for (const lang of exclude.langs) where.push(`lower(t.lang) IS DISTINCT FROM ${params.add(lang, 'text')}`);
  if (query.since !== null) where.push(`t.created_at >= ${params.add(`${query.since}T00:00:00Z`, 'timestamptz')}`);
  if (query.until !== null) where.push(`t.created_at < ${params.add(`${query.until}T00:00:00Z`, 'timestamptz')}`);
  if (query.text !== '') where.push(`t.search_doc @@ websearch_to_tsquery('simple', ${params.add(query.text, 'text')})`);
  // Searches are not prepared: the best plan depends on how common the searched words are.
  return { from, where, id, prepared: false };
}

/** Full-text tweet search with operators (see parseTweetQuery) and the request's filters. */
export async function searchTweets(request: TweetSearchRequest): Promise<Page<Tweet>> {
  const params = new SqlParams();
  const source = sourceOf(parseTweetQuery(request.query), params);
  const where = [...source.where];
  const minLikes = nonNegative('min_likes', request.min_likes);
  const minRetweets = nonNegative('min_retweets', request.min_retweets);
  if (request.lang !== undefined) where.push(`lower(t.lang) = ${params.add(request.lang.toLowerCase(), 'text')}`);
  if (minLikes !== undefined && minLikes > 0) where.push(`t.like_count >= ${params.add(minLikes, 'int')}`);
  if (minRetweets !== undefined && minRetweets > 0) where.push(`t.retweet_count >= ${params.add(minRetweets, 'int')}`);
  if (request.include_replies === false) where.push('t.in_reply_to_tweet_id IS NULL');
  if (request.include_retweets !== true) where.push('t.retweeted_tweet_id IS NULL');
  return tweetPage({ ...source, where }, params, request);
}
