import { getPool } from '@/lib/db/pool';

// Subjects for the happy paths, chosen by SQL from whatever the database holds now (the
// seeded platform plus other test files' writes): the one with the most of what an
// operation lists, so that a page of a few items is full and has a next page.

async function one(sql: string, what: string): Promise<string> {
  const { rows } = await getPool().query<{ value: string }>(sql);
  if (!rows[0]) throw new Error(`the test platform has no ${what}`);
  return rows[0].value;
}

const byUserId = (inner: string, what: string) =>
  one(`SELECT u.username AS value FROM (${inner}) s JOIN platform.users u ON u.id = s.id ORDER BY s.n DESC, u.id LIMIT 1`, what);

/** Usernames that have the most of each thing a user operation lists. */
export const userWithMost = {
  tweets: () => byUserId('SELECT author_id AS id, count(*) AS n FROM platform.tweets WHERE in_reply_to_tweet_id IS NULL GROUP BY 1', 'tweets'),
  replies: () => byUserId('SELECT author_id AS id, count(*) AS n FROM platform.tweets WHERE in_reply_to_tweet_id IS NOT NULL GROUP BY 1', 'replies'),
  media: () => byUserId('SELECT author_id AS id, count(*) AS n FROM platform.tweets WHERE has_media GROUP BY 1', 'media'),
  mentions: () => byUserId('SELECT user_id AS id, count(*) AS n FROM platform.tweet_mentions GROUP BY 1', 'mentions'),
  followers: () => byUserId('SELECT followee_id AS id, count(*) AS n FROM platform.follows GROUP BY 1', 'followers'),
  following: () => byUserId('SELECT follower_id AS id, count(*) AS n FROM platform.follows GROUP BY 1', 'follows'),
  verifiedFollowers: () =>
    byUserId(
      'SELECT f.followee_id AS id, count(*) AS n FROM platform.follows f JOIN platform.users v ON v.id = f.follower_id WHERE v.is_blue_verified GROUP BY 1',
      'verified followers',
    ),
};

// The tweet must still exist: other test files delete tweets, and a conversation's root with them.
const byTweetId = (inner: string, what: string) =>
  one(`SELECT s.id::text AS value FROM (${inner}) s JOIN platform.tweets t ON t.id = s.id ORDER BY s.n DESC, s.id LIMIT 1`, what);
const byGroupId = (inner: string, what: string) => one(`SELECT s.id::text AS value FROM (${inner}) s ORDER BY s.n DESC, s.id LIMIT 1`, what);

/** Tweet ids that have the most of each thing a tweet operation lists. */
export const tweetWithMost = {
  quotes: () => byTweetId('SELECT quoted_tweet_id AS id, count(*) AS n FROM platform.tweets WHERE quoted_tweet_id IS NOT NULL GROUP BY 1', 'quotes'),
  replies: () => byTweetId('SELECT conversation_id AS id, count(*) AS n FROM platform.tweets WHERE in_reply_to_tweet_id IS NOT NULL GROUP BY 1', 'replies'),
  retweets: () => byTweetId('SELECT retweeted_tweet_id AS id, count(*) AS n FROM platform.tweets WHERE retweeted_tweet_id IS NOT NULL GROUP BY 1', 'retweets'),
  likes: () => byTweetId('SELECT tweet_id AS id, count(*) AS n FROM platform.likes GROUP BY 1', 'likes'),
};

/** List and community ids with the most of what their operations list. */
export const groupWithMost = {
  listMembers: () => byGroupId('SELECT list_id AS id, count(*) AS n FROM platform.list_members GROUP BY 1', 'list members'),
  listSubscribers: () => byGroupId('SELECT list_id AS id, count(*) AS n FROM platform.list_subscribers GROUP BY 1', 'list subscribers'),
  communityTweets: () => byGroupId('SELECT community_id AS id, count(*) AS n FROM platform.tweets WHERE community_id IS NOT NULL GROUP BY 1', 'community tweets'),
  communityMembers: () => byGroupId('SELECT community_id AS id, count(*) AS n FROM platform.community_members GROUP BY 1', 'community members'),
};

/** One subject with data for every listing operation, as the client tests call them. */
export async function subjectsForEveryListing() {
  return {
    tweets: await userWithMost.tweets(),
    mentions: await userWithMost.mentions(),
    replies: await userWithMost.replies(),
    media: await userWithMost.media(),
    followers: await userWithMost.followers(),
    following: await userWithMost.following(),
    verifiedFollowers: await userWithMost.verifiedFollowers(),
    quoted: await tweetWithMost.quotes(),
    conversation: await tweetWithMost.replies(),
    retweeted: await tweetWithMost.retweets(),
    liked: await tweetWithMost.likes(),
    listMembers: await groupWithMost.listMembers(),
    listSubscribers: await groupWithMost.listSubscribers(),
    communityTweets: await groupWithMost.communityTweets(),
    communityMembers: await groupWithMost.communityMembers(),
  };
}

/** How many rows a query counts, for expectations derived from the database. */
export async function countOf(sql: string, values: unknown[] = []): Promise<number> {
  const { rows } = await getPool().query<{ n: string }>(sql, values);
  return Number(rows[0].n);
}

/** A tweet id that cannot exist: a valid id syntax, above every snowflake the platform holds. */
export const MISSING_ID = '9000000000000000001';
export const MISSING_USERNAME = 'nobody_zz_9q';
