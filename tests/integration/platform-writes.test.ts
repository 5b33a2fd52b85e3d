import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePool } from '@/lib/db/pool';
import { ForbiddenError, InvalidInputError, NotFoundError } from '@/lib/platform/errors';
import { createTweet } from '@/lib/platform/local/write/create-tweet';
import { deleteTweet } from '@/lib/platform/local/write/delete-tweet';
import { followUser } from '@/lib/platform/local/write/follow-user';
import { likeTweet } from '@/lib/platform/local/write/like-tweet';
import { retweet } from '@/lib/platform/local/write/retweet';
import { unfollowUser } from '@/lib/platform/local/write/unfollow-user';
import { unlikeTweet } from '@/lib/platform/local/write/unlike-tweet';
import { unretweet } from '@/lib/platform/local/write/unretweet';
import { localPlatformWrites } from '@/lib/platform/local/write/platform-writes';
import { nextSnowflake } from '@/lib/platform/snowflake';
import { countDrift, createFixtureUsers, type FixtureUser } from '../support/platform-fixtures';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
afterAll(async () => {
  await pool.end();
  await closePool();
});

type UserCounts = { followers_count: number; following_count: number; tweet_count: number; like_count: number; media_count: number };
type TweetRow = {
  id: string;
  author_id: string;
  text: string;
  lang: string | null;
  created_at: Date;
  conversation_id: string;
  in_reply_to_tweet_id: string | null;
  in_reply_to_user_id: string | null;
  quoted_tweet_id: string | null;
  retweeted_tweet_id: string | null;
  community_id: string | null;
  like_count: number;
  retweet_count: number;
  reply_count: number;
  quote_count: number;
  entities: { hashtags: Array<{ tag: string; start: number; end: number }>; mentions: Array<{ id: string; username: string; start: number; end: number }> };
};

async function userCounts(id: string): Promise<UserCounts> {
  const { rows } = await pool.query<UserCounts>(
    'SELECT followers_count, following_count, tweet_count, like_count, media_count FROM platform.users WHERE id = $1',
    [id],
  );
  return rows[0];
}

async function tweetRow(id: string): Promise<TweetRow | undefined> {
  const { rows } = await pool.query<TweetRow>('SELECT * FROM platform.tweets WHERE id = $1', [id]);
  return rows[0];
}

async function rowCount(sql: string, values: unknown[]): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, values);
  return rows[0].n;
}

let alice: FixtureUser;
let bob: FixtureUser;
let carol: FixtureUser;
let crowd: FixtureUser[];

beforeAll(async () => {
  [alice, bob, carol, ...crowd] = await createFixtureUsers(pool, 13, ['JP', 'US', null]);
});

describe('createTweet', () => {
  it('stores the tweet, findable at once by full-text search, and counts it for its author', async () => {
    const before = await userCounts(alice.id);
    const word = `zebra${Date.now().toString(36)}`;
    const id = await createTweet({ authorId: alice.id, text: `The ${word} is here and it is #PerchLaunch day` });

    expect(id).toMatch(/^[0-9]+$/);
    const found = await pool.query<{ id: string }>(
      `SELECT id FROM platform.tweets WHERE search_doc @@ websearch_to_tsquery('simple', $1)`,
      [word],
    );
    expect(found.rows.map((r) => r.id)).toEqual([id]);
    const row = (await tweetRow(id))!;
    expect(row).toMatchObject({ author_id: alice.id, conversation_id: id, in_reply_to_tweet_id: null, quoted_tweet_id: null, lang: 'en' });
    expect(await userCounts(alice.id)).toEqual({ ...before, tweet_count: before.tweet_count + 1 });
  });

  it('stores entity offsets in code points and mentions resolved to users, case-insensitively', async () => {
    const text = `🦜🦜 hi @${bob.username.toUpperCase()} and @nobody_${Date.now() % 1e6} #Café_2 #café_2`;
    const id = await createTweet({ authorId: alice.id, text });
    const row = (await tweetRow(id))!;

    // Two emoji are two code points (four UTF-16 units): "@" is the 7th code point.
    expect(row.entities.mentions).toEqual([{ id: bob.id, username: bob.username, start: 6, end: 7 + bob.username.length }]);
    const tagStart = Array.from(text).indexOf('#');
    expect(row.entities.hashtags[0]).toEqual({ tag: 'Café_2', start: tagStart, end: tagStart + 7 });
    const mentions = await pool.query<{ user_id: string }>('SELECT user_id FROM platform.tweet_mentions WHERE tweet_id = $1', [id]);
    expect(mentions.rows).toEqual([{ user_id: bob.id }]);
    const tags = await pool.query<{ tag: string; country: string | null; created_at: Date }>(
      'SELECT tag, country, created_at FROM platform.tweet_hashtags WHERE tweet_id = $1',
      [id],
    );
    expect(tags.rows).toEqual([{ tag: 'café_2', country: 'JP', created_at: row.created_at }]);
  });

  it('threads a reply into its parent conversation and counts it on the parent', async () => {
    const root = await createTweet({ authorId: alice.id, text: 'root of a thread' });
    const reply = await createTweet({ authorId: bob.id, text: 'first reply', replyToTweetId: root });
    const parentBefore = (await tweetRow(reply))!;
    const bobBefore = await userCounts(bob.id);
    const nested = await createTweet({ authorId: carol.id, text: 'reply to the reply', replyToTweetId: reply });

    expect(await tweetRow(nested)).toMatchObject({ conversation_id: root, in_reply_to_tweet_id: reply, in_reply_to_user_id: bob.id });
    expect((await tweetRow(reply))!.reply_count).toBe(parentBefore.reply_count + 1);
    expect((await tweetRow(root))!.reply_count).toBe(1);
    expect(await userCounts(bob.id)).toEqual(bobBefore);
  });

  it('counts a quote on the quoted tweet', async () => {
    const quoted = await createTweet({ authorId: alice.id, text: 'quote me' });
    const quote = await createTweet({ authorId: bob.id, text: 'so true', quotedTweetId: quoted });
    expect(await tweetRow(quote)).toMatchObject({ quoted_tweet_id: quoted, conversation_id: quote });
    expect((await tweetRow(quoted))!.quote_count).toBe(1);
  });

  it('refuses to reply to or quote a missing tweet, changing nothing', async () => {
    const before = await userCounts(bob.id);
    const tweetsBefore = await rowCount('platform.tweets WHERE author_id = $1', [bob.id]);
    const missing = nextSnowflake();
    const existing = await createTweet({ authorId: alice.id, text: 'exists' });
    await expect(createTweet({ authorId: bob.id, text: 'reply', replyToTweetId: missing })).rejects.toBeInstanceOf(NotFoundError);
    await expect(createTweet({ authorId: bob.id, text: 'quote', quotedTweetId: missing })).rejects.toBeInstanceOf(NotFoundError);
    await expect(createTweet({ authorId: bob.id, text: 'reply', replyToTweetId: '9999999999999999999' })).rejects.toBeInstanceOf(NotFoundError);
    // The reply's parent exists, the quoted tweet does not: the parent's count must roll back too.
    await expect(createTweet({ authorId: bob.id, text: 'both', replyToTweetId: existing, quotedTweetId: missing })).rejects.toBeInstanceOf(NotFoundError);
    expect((await tweetRow(existing))!.reply_count).toBe(0);
    expect(await userCounts(bob.id)).toEqual(before);
    expect(await rowCount('platform.tweets WHERE author_id = $1', [bob.id])).toBe(tweetsBefore);
  });

  it('takes 280 code points and refuses empty, longer or NUL text', async () => {
    const id = await createTweet({ authorId: alice.id, text: '🦜'.repeat(280) });
    expect((await tweetRow(id))!.text).toBe('🦜'.repeat(280));
    for (const text of ['', '   ', 'a'.repeat(281), 'nul \u0000 byte']) {
      await expect(createTweet({ authorId: alice.id, text })).rejects.toBeInstanceOf(InvalidInputError);
    }
  });

  it('posts in a community only as a member', async () => {
    const communityId = nextSnowflake();
    await pool.query(`INSERT INTO platform.communities (id, name, creator_id, created_at) VALUES ($1, 'Fixture community', $2, now())`, [communityId, alice.id]);
    await pool.query(`INSERT INTO platform.community_members (id, community_id, user_id) VALUES ($1, $2, $3)`, [nextSnowflake(), communityId, alice.id]);
    const id = await createTweet({ authorId: alice.id, text: 'hello members', communityId });
    expect((await tweetRow(id))!.community_id).toBe(communityId);
    await expect(createTweet({ authorId: bob.id, text: 'let me in', communityId })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(createTweet({ authorId: bob.id, text: 'where', communityId: nextSnowflake() })).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('likeTweet and unlikeTweet', () => {
  it('count a like once, however often it is repeated, and take it back once', async () => {
    const tweet = await createTweet({ authorId: alice.id, text: 'like me' });
    const carolBefore = await userCounts(carol.id);

    expect(await likeTweet({ userId: carol.id, tweetId: tweet })).toEqual({ changed: true, liked: true });
    expect(await likeTweet({ userId: carol.id, tweetId: tweet })).toEqual({ changed: false, liked: true });
    expect((await tweetRow(tweet))!.like_count).toBe(1);
    expect((await userCounts(carol.id)).like_count).toBe(carolBefore.like_count + 1);
    expect(await rowCount('platform.likes WHERE tweet_id = $1', [tweet])).toBe(1);

    expect(await unlikeTweet({ userId: carol.id, tweetId: tweet })).toEqual({ changed: true, liked: false });
    expect(await unlikeTweet({ userId: carol.id, tweetId: tweet })).toEqual({ changed: false, liked: false });
    expect((await tweetRow(tweet))!.like_count).toBe(0);
    expect(await userCounts(carol.id)).toEqual(carolBefore);
  });

  it('count concurrent likes exactly', async () => {
    const tweet = await createTweet({ authorId: alice.id, text: 'a popular one' });
    const results = await Promise.all([
      ...crowd.map((u) => likeTweet({ userId: u.id, tweetId: tweet })),
      ...Array.from({ length: 8 }, () => likeTweet({ userId: bob.id, tweetId: tweet })),
    ]);
    expect(results.filter((r) => r.changed)).toHaveLength(crowd.length + 1);
    expect((await tweetRow(tweet))!.like_count).toBe(crowd.length + 1);
    await Promise.all(crowd.map((u) => unlikeTweet({ userId: u.id, tweetId: tweet })));
    expect((await tweetRow(tweet))!.like_count).toBe(1);
  });

  it('refuse a missing tweet or user', async () => {
    await expect(likeTweet({ userId: carol.id, tweetId: nextSnowflake() })).rejects.toBeInstanceOf(NotFoundError);
    await expect(unlikeTweet({ userId: carol.id, tweetId: 'x' })).rejects.toBeInstanceOf(NotFoundError);
    const tweet = await createTweet({ authorId: alice.id, text: 'who likes this' });
    await expect(likeTweet({ userId: nextSnowflake(), tweetId: tweet })).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('retweet and unretweet', () => {
  it('create one retweet row, counted once, and take it back', async () => {
    const original = await createTweet({ authorId: alice.id, text: 'worth sharing #share' });
    const bobBefore = await userCounts(bob.id);

    const first = await retweet({ userId: bob.id, tweetId: original });
    expect(first).toMatchObject({ changed: true, retweeted: true });
    const row = (await tweetRow(first.retweetId))!;
    expect(row).toMatchObject({ author_id: bob.id, retweeted_tweet_id: original, text: `RT @${alice.username}: worth sharing #share` });
    expect(row.entities.mentions).toEqual([{ id: alice.id, username: alice.username, start: 3, end: 4 + alice.username.length }]);
    // Retweeting again, or retweeting the retweet, is the same retweet.
    expect(await retweet({ userId: bob.id, tweetId: original })).toEqual({ changed: false, retweeted: true, retweetId: first.retweetId });
    expect(await retweet({ userId: bob.id, tweetId: first.retweetId })).toEqual({ changed: false, retweeted: true, retweetId: first.retweetId });
    expect((await tweetRow(original))!.retweet_count).toBe(1);
    expect(await userCounts(bob.id)).toEqual({ ...bobBefore, tweet_count: bobBefore.tweet_count + 1 });
    expect(await rowCount('platform.tweets WHERE retweeted_tweet_id = $1', [original])).toBe(1);
    // A retweet is not a mention of the retweeted author.
    expect(await rowCount('platform.tweet_mentions WHERE tweet_id = $1', [first.retweetId])).toBe(0);

    expect(await unretweet({ userId: bob.id, tweetId: original })).toEqual({ changed: true, retweeted: false });
    expect(await unretweet({ userId: bob.id, tweetId: original })).toEqual({ changed: false, retweeted: false });
    expect(await tweetRow(first.retweetId)).toBeUndefined();
    expect((await tweetRow(original))!.retweet_count).toBe(0);
    expect(await userCounts(bob.id)).toEqual(bobBefore);
  });

  it('keep concurrent retweets by one user to one row', async () => {
    const original = await createTweet({ authorId: alice.id, text: 'race to retweet' });
    const results = await Promise.all(Array.from({ length: 6 }, () => retweet({ userId: carol.id, tweetId: original })));
    expect(new Set(results.map((r) => r.retweetId)).size).toBe(1);
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect((await tweetRow(original))!.retweet_count).toBe(1);
  });

  it('cut a long retweet text at a word within 280 characters', async () => {
    const text = `${'word '.repeat(55)}#tail`;
    const original = await createTweet({ authorId: alice.id, text });
    const { retweetId } = await retweet({ userId: bob.id, tweetId: original });
    const rt = (await tweetRow(retweetId))!.text;
    expect(Array.from(rt).length).toBeLessThanOrEqual(280);
    expect(rt).toMatch(new RegExp(`^RT @${alice.username}: word word .* word…$`));
  });

  it('refuse a missing tweet', async () => {
    await expect(retweet({ userId: bob.id, tweetId: nextSnowflake() })).rejects.toBeInstanceOf(NotFoundError);
    await expect(unretweet({ userId: bob.id, tweetId: nextSnowflake() })).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('followUser and unfollowUser', () => {
  it('count a follow once on both users, by username in any case or by id, and take it back', async () => {
    const [follower, followee] = crowd;
    const beforeFollower = await userCounts(follower.id);
    const beforeFollowee = await userCounts(followee.id);

    expect(await followUser({ followerId: follower.id, followeeUsername: `@${followee.username.toUpperCase()}` })).toEqual({
      changed: true, following: true, followeeId: followee.id, username: followee.username,
    });
    expect((await followUser({ followerId: follower.id, followeeId: followee.id })).changed).toBe(false);
    expect(await userCounts(follower.id)).toEqual({ ...beforeFollower, following_count: beforeFollower.following_count + 1 });
    expect(await userCounts(followee.id)).toEqual({ ...beforeFollowee, followers_count: beforeFollowee.followers_count + 1 });

    expect((await unfollowUser({ followerId: follower.id, followeeUsername: followee.username })).changed).toBe(true);
    expect((await unfollowUser({ followerId: follower.id, followeeUsername: followee.username })).changed).toBe(false);
    expect(await userCounts(follower.id)).toEqual(beforeFollower);
    expect(await userCounts(followee.id)).toEqual(beforeFollowee);
  });

  it('count users following each other at the same moment exactly', async () => {
    const pairs = crowd.flatMap((a) => crowd.filter((b) => b !== a).map((b) => followUser({ followerId: a.id, followeeId: b.id })));
    await Promise.all(pairs);
    for (const user of crowd) {
      expect(await userCounts(user.id)).toMatchObject({ followers_count: crowd.length - 1, following_count: crowd.length - 1 });
    }
    await Promise.all(crowd.flatMap((a) => crowd.filter((b) => b !== a).map((b) => unfollowUser({ followerId: a.id, followeeId: b.id }))));
    for (const user of crowd) expect(await userCounts(user.id)).toMatchObject({ followers_count: 0, following_count: 0 });
  });

  it('refuse following yourself and following nobody', async () => {
    await expect(followUser({ followerId: bob.id, followeeUsername: bob.username })).rejects.toBeInstanceOf(InvalidInputError);
    await expect(followUser({ followerId: bob.id, followeeId: bob.id })).rejects.toBeInstanceOf(InvalidInputError);
    await expect(unfollowUser({ followerId: bob.id, followeeUsername: bob.username })).rejects.toBeInstanceOf(InvalidInputError);
    await expect(followUser({ followerId: bob.id, followeeUsername: 'no_such_user_zz' })).rejects.toBeInstanceOf(NotFoundError);
    await expect(followUser({ followerId: bob.id, followeeUsername: 'not a name!' })).rejects.toBeInstanceOf(NotFoundError);
    expect(await rowCount('platform.follows WHERE follower_id = $1', [bob.id])).toBe(0);
  });
});

describe('deleteTweet', () => {
  it('is refused to anyone but the author, changing nothing', async () => {
    const tweet = await createTweet({ authorId: alice.id, text: 'mine alone' });
    await expect(deleteTweet({ actorId: bob.id, tweetId: tweet })).rejects.toBeInstanceOf(ForbiddenError);
    expect(await tweetRow(tweet)).toBeDefined();
    await expect(deleteTweet({ actorId: alice.id, tweetId: nextSnowflake() })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('removes the tweet with its likes, mentions, hashtags and retweets, and restores every count', async () => {
    const parent = await createTweet({ authorId: alice.id, text: 'a parent' });
    const quoted = await createTweet({ authorId: carol.id, text: 'a quoted one' });
    const drift = await countDrift(pool);
    const before = {
      alice: await userCounts(alice.id),
      bob: await userCounts(bob.id),
      carol: await userCounts(carol.id),
      parent: (await tweetRow(parent))!,
      quoted: (await tweetRow(quoted))!,
    };

    const tweet = await createTweet({ authorId: bob.id, text: `@${carol.username} look #gone`, replyToTweetId: parent, quotedTweetId: quoted });
    await likeTweet({ userId: carol.id, tweetId: tweet });
    await likeTweet({ userId: alice.id, tweetId: tweet });
    const { retweetId } = await retweet({ userId: alice.id, tweetId: tweet });
    await likeTweet({ userId: carol.id, tweetId: retweetId }); // lands on the original
    await pool.query('UPDATE platform.users SET pinned_tweet_ids = ARRAY[$1::bigint] WHERE id = $2', [tweet, bob.id]);
    const reply = await createTweet({ authorId: carol.id, text: 'a reply that stays', replyToTweetId: tweet });

    await deleteTweet({ actorId: bob.id, tweetId: tweet });

    expect(await tweetRow(tweet)).toBeUndefined();
    expect(await tweetRow(retweetId)).toBeUndefined();
    expect(await tweetRow(reply)).toBeDefined();
    for (const table of ['likes', 'tweet_mentions', 'tweet_hashtags']) {
      expect(await rowCount(`platform.${table} WHERE tweet_id = ANY($1::bigint[])`, [[tweet, retweetId]])).toBe(0);
    }
    expect(await userCounts(alice.id)).toEqual(before.alice);
    expect(await userCounts(bob.id)).toEqual(before.bob);
    expect(await userCounts(carol.id)).toEqual({ ...before.carol, tweet_count: before.carol.tweet_count + 1 });
    expect((await tweetRow(parent))!.reply_count).toBe(before.parent.reply_count);
    expect((await tweetRow(quoted))!.quote_count).toBe(before.quoted.quote_count);
    const pinned = await pool.query<{ pinned_tweet_ids: string[] }>('SELECT pinned_tweet_ids FROM platform.users WHERE id = $1', [bob.id]);
    expect(pinned.rows[0].pinned_tweet_ids).toEqual([]);
    // The surviving reply's parent is gone, so its row is no count's concern; nothing else drifted.
    expect(await countDrift(pool)).toEqual(drift);
    await expect(deleteTweet({ actorId: bob.id, tweetId: tweet })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('of a retweet takes it off the original count', async () => {
    const original = await createTweet({ authorId: alice.id, text: 'retweet then delete' });
    const { retweetId } = await retweet({ userId: carol.id, tweetId: original });
    const carolBefore = await userCounts(carol.id);
    await deleteTweet({ actorId: carol.id, tweetId: retweetId });
    expect((await tweetRow(original))!.retweet_count).toBe(0);
    expect((await userCounts(carol.id)).tweet_count).toBe(carolBefore.tweet_count - 1);
  });
});

describe('localPlatformWrites', () => {
  it('answer in the contract shapes, the created tweet read back', async () => {
    const asAlice = { id: alice.id, username: alice.username };
    const asBob = { id: bob.id, username: bob.username };
    const text = `hi @${bob.username} #shape`;
    const tweet = await localPlatformWrites.createTweet(asAlice, { text });
    expect(tweet).toMatchObject({
      text,
      author_id: alice.id,
      is_reply: false,
      entities: { mentions: [{ id: bob.id, username: bob.username, start: 3, end: 4 + bob.username.length }], hashtags: [{ tag: 'shape' }] },
    });
    const reply = await localPlatformWrites.createTweet(asBob, { text: 'answer', in_reply_to_tweet_id: tweet.id });
    expect(reply).toMatchObject({ is_reply: true, conversation_id: tweet.id });
    // The pairs also say whether they changed anything (a repeat does not, and is not charged).
    expect(await localPlatformWrites.likeTweet(asBob, tweet.id)).toEqual({ tweet_id: tweet.id, liked: true, changed: true });
    expect(await localPlatformWrites.likeTweet(asBob, tweet.id)).toEqual({ tweet_id: tweet.id, liked: true, changed: false });
    expect(await localPlatformWrites.unlikeTweet(asBob, tweet.id)).toEqual({ tweet_id: tweet.id, liked: false, changed: true });
    const rt = await localPlatformWrites.retweet(asBob, tweet.id);
    expect(rt).toEqual({ tweet_id: tweet.id, retweeted: true, retweet_id: expect.stringMatching(/^[0-9]+$/), changed: true });
    expect(await localPlatformWrites.unretweet(asBob, tweet.id)).toEqual({ tweet_id: tweet.id, retweeted: false, changed: true });
    expect(await localPlatformWrites.unretweet(asBob, tweet.id)).toEqual({ tweet_id: tweet.id, retweeted: false, changed: false });
    expect(await localPlatformWrites.follow(asBob, `@${alice.username.toUpperCase()}`)).toEqual({ username: alice.username, following: true, changed: true });
    expect(await localPlatformWrites.unfollow(asBob, alice.username)).toEqual({ username: alice.username, following: false, changed: true });
    await expect(localPlatformWrites.deleteTweet(asBob, tweet.id)).rejects.toBeInstanceOf(ForbiddenError);
    expect(await localPlatformWrites.deleteTweet(asAlice, tweet.id)).toEqual({ id: tweet.id, deleted: true });
  });
});
