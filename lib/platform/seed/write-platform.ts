import type pg from 'pg';
import { COUNTRIES } from '@/lib/platform/countries';
import { Audience } from './audience';
import { generateCommunities } from './communities';
import type { SeedContext } from './context';
import { copyRows } from './copy-writer';
import { followRows } from './follows';
import { TagBook } from './hashtags';
import { languageOfLocale } from './languages';
import { likeRows } from './likes';
import { generateLists } from './lists';
import type { ProgressReporter } from './progress';
import { isWritable } from './sentences';
import { planTweets } from './tweet-plan';
import { TWEET_COLUMNS, hashtagRows, mentionRows, newTweetTally, tweetRows } from './tweet-rows';
import type { TweetTextEnv } from './tweet-text';
import { USER_COLUMNS, userRows } from './user-rows';
import { generateUsers } from './users';

/** Rows written per platform table. */
export type SeedCounts = {
  users: number;
  tweets: number;
  follows: number;
  likes: number;
  tweet_mentions: number;
  tweet_hashtags: number;
  lists: number;
  list_members: number;
  list_subscribers: number;
  communities: number;
  community_members: number;
};

/** Everything generated before any row is written: the part of a seed that needs no database. */
export type PlatformModel = ReturnType<typeof generatePlatform>;

/** Generates users, communities, lists, the tweet plan and the hashtags: everything the rows are written from. */
export function generatePlatform(ctx: SeedContext) {
  const users = generateUsers(ctx);
  const communities = generateCommunities(ctx, users);
  const lists = generateLists(ctx, users);
  const plan = planTweets(ctx, users, communities.model);
  const countryLanguages = COUNTRIES.map((c) => c.locales.map(languageOfLocale).find(isWritable) ?? 'en');
  const tags = new TagBook(ctx.seed, countryLanguages);
  const env: TweetTextEnv = { seed: ctx.seed, anchorMs: ctx.anchorMs, users, plan, tags, audience: new Audience(users), communityIds: communities.model.ids };
  return { users, communities, lists, plan, tags, env };
}

function* ticking(progress: ProgressReporter, start: number, rows: Iterable<string>): Generator<string> {
  let done = start;
  for (const row of rows) {
    yield row;
    progress.tick(++done);
  }
}

/**
 * COPYs every platform table from the model. The order is the generation order: follows and
 * likes before tweets (their counts go into tweet rows), users last (their counts tally all).
 */
export async function writePlatform(client: pg.Client, ctx: SeedContext, model: PlatformModel): Promise<SeedCounts> {
  const { users, communities, lists, plan, tags, env } = model;
  const n = users.count;
  const follows = { followers: new Int32Array(n), following: new Int32Array(n) };
  const likesGiven = new Int32Array(n);
  const tally = newTweetTally(n);
  const copy = (table: string, columns: readonly string[], rows: Iterable<string>) => copyRows(client, `platform.${table}`, columns, rows);

  const counts = {} as SeedCounts;
  counts.communities = await copy('communities', ['id', 'name', 'description', 'creator_id', 'created_at', 'member_count', 'rules'], communities.communities);
  counts.community_members = await copy('community_members', ['id', 'community_id', 'user_id', 'role'], communities.members);
  counts.lists = await copy('lists', ['id', 'owner_id', 'name', 'description', 'private', 'created_at', 'member_count', 'subscriber_count'], lists.lists);
  counts.list_members = await copy('list_members', ['id', 'list_id', 'user_id'], lists.members);
  counts.list_subscribers = await copy('list_subscribers', ['id', 'list_id', 'user_id'], lists.subscribers);
  counts.follows = await copy('follows', ['id', 'follower_id', 'followee_id'], followRows(ctx, users, follows));
  counts.likes = await copy('likes', ['id', 'user_id', 'tweet_id'], likeRows(ctx, users, plan, likesGiven));
  counts.tweets = await copy('tweets', TWEET_COLUMNS, tweetRows(ctx, env, follows.followers, tally));
  ctx.progress.start('entities', tally.mentions.length + tally.hashtags.length);
  counts.tweet_mentions = await copy('tweet_mentions', ['user_id', 'tweet_id'], ticking(ctx.progress, 0, mentionRows(env, tally)));
  counts.tweet_hashtags = await copy('tweet_hashtags', ['tag', 'tweet_id', 'country', 'created_at'], ticking(ctx.progress, counts.tweet_mentions, hashtagRows(env, tally)));
  ctx.progress.finish();
  counts.users = await copy('users', USER_COLUMNS, userRows(ctx, users, plan, tags, {
    ...follows,
    tweets: tally.tweetCount,
    likes: likesGiven,
    media: tally.mediaCount,
    listed: lists.listed,
    bestTweet: tally.bestTweet,
  }));
  return counts;
}
