import { describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { localPlatform as platform } from '@/lib/platform/local';
import { TweetSchema } from '@/lib/platform/records';
import type { Page, Tweet, TweetPageRequest, User, UserPageRequest } from '@/lib/platform/types';
import { selectIds, useReadFixture } from '../support/platform-read-fixture';
import { TWEET_SORTS, USER_SORTS, tweetSortSql, userSortSql, walkPages } from '../support/walk-pages';

const fx = useReadFixture();
const pool = () => getPool();


describe('getTweet', () => {
  it('returns the contract record: author summary, url, ISO time, counts, entities and media', async () => {
    const tweet = await platform.getTweet(fx.tweets.C2);
    expect(TweetSchema.strict().parse(tweet)).toEqual(tweet);
    const { rows } = await pool().query(`SELECT * FROM platform.tweets WHERE id = $1`, [fx.tweets.C2]);
    expect(tweet).toMatchObject({
      id: fx.tweets.C2,
      url: `https://perch.local/rdx_carol/status/${fx.tweets.C2}`,
      text: rows[0].text,
      created_at: rows[0].created_at.toISOString(),
      lang: 'ja',
      author_id: fx.users.rdx_carol,
      conversation_id: fx.tweets.C2,
      in_reply_to: null,
      is_reply: false,
      is_retweet: false,
      is_quote: false,
      quoted_tweet: null,
      retweeted_tweet: null,
      like_count: 30,
      quote_count: 2,
      view_count: 50,
      community_id: null,
    });
    expect(tweet.author).toEqual({
      id: fx.users.rdx_carol,
      username: 'rdx_carol',
      name: 'carol singer',
      profile_image_url: 'https://img.perch.local/rdx_carol.png',
      is_blue_verified: false,
      verified_type: 'business',
      followers_count: 300,
    });
    expect(tweet.entities).toEqual({ hashtags: [{ tag: 'rdxsushi', start: 0, end: 9 }], mentions: [], urls: [], cashtags: [] });
    expect(tweet.media).toEqual([
      { type: 'photo', url: `https://media.perch.local/${fx.tweets.C2}.jpg`, preview_url: null, width: 1200, height: 800, duration_ms: null, alt_text: null },
    ]);
  });

  it('gives a reply its in_reply_to with the replied-to username', async () => {
    const reply = await platform.getTweet(fx.tweets.C1);
    expect(reply.in_reply_to).toEqual({ tweet_id: fx.tweets.A2, user_id: fx.users.rdx_Alice, username: 'rdx_Alice' });
    expect(reply.is_reply).toBe(true);
    expect(reply.conversation_id).toBe(fx.tweets.B1);
    expect(reply.entities.mentions).toEqual([{ id: fx.users.rdx_Alice, username: 'rdx_Alice', start: 0, end: 10 }]);
  });

  it('embeds a quoted tweet one level deep, with its own references null', async () => {
    const quote = await platform.getTweet(fx.tweets.A4);
    expect(quote.is_quote).toBe(true);
    expect(quote.quoted_tweet).toEqual({ ...(await platform.getTweet(fx.tweets.C2)), quoted_tweet: null, retweeted_tweet: null });
    TweetSchema.strict().parse(quote);
  });

  it('embeds a retweeted tweet, and a retweet of a quote does not embed the quote again', async () => {
    const retweet = await platform.getTweet(fx.tweets.A3);
    expect(retweet.is_retweet).toBe(true);
    expect(retweet.retweeted_tweet?.id).toBe(fx.tweets.B1);
    expect(retweet.retweeted_tweet?.author.username).toBe('rdx_bob');
    expect(retweet.retweeted_tweet?.retweeted_tweet).toBeNull();
    expect(retweet.quoted_tweet).toBeNull();
  });

  it('reports an unknown view count as null, never 0', async () => {
    expect((await platform.getTweet(fx.tweets.A6)).view_count).toBeNull();
  });

  it('throws NotFoundError(tweet) for missing and impossible ids', async () => {
    for (const id of ['1', '9223372036854775808', '9999999999999999999', 'x1']) {
      await expect(platform.getTweet(id)).rejects.toMatchObject({ name: 'NotFoundError', kind: 'tweet' });
    }
  });
});

describe('getTweetsBatch', () => {
  it('returns found tweets in request order, once each, with not_found as given', async () => {
    const batch = await platform.getTweetsBatch([fx.tweets.B1, '1', fx.tweets.A4, fx.tweets.B1, 'nope', fx.tweets.C1]);
    expect(batch.items.map((t) => t.id)).toEqual([fx.tweets.B1, fx.tweets.A4, fx.tweets.C1]);
    expect(batch.not_found).toEqual(['1', 'nope']);
    expect(batch.items[1]).toEqual(await platform.getTweet(fx.tweets.A4));
  });
});

type TweetList = (id: string, page: TweetPageRequest) => Promise<Page<Tweet>>;
type UserList = (id: string, page: UserPageRequest) => Promise<Page<User>>;

describe('getTweetConversation', () => {
  it('holds the thread\'s replies without the root, in every sort, page by page', async () => {
    for (const sort of TWEET_SORTS) {
      const want = await selectIds(
        `SELECT t.id::text AS id FROM platform.tweets t WHERE t.conversation_id = $1 AND t.id <> $1 AND t.retweeted_tweet_id IS NULL ORDER BY ${tweetSortSql(sort)}`,
        [fx.tweets.B1],
      );
      expect(want).toEqual(expect.arrayContaining([fx.tweets.A2, fx.tweets.C1, fx.tweets.B2]));
      const got = await walkPages(2, (after) => platform.getTweetConversation(fx.tweets.B1, { count: 2, after, sort }));
      expect(got.map((t) => t.id)).toEqual(want);
    }
  });

  it('answers the same thread when asked from a reply inside it', async () => {
    const fromRoot = await platform.getTweetConversation(fx.tweets.B1, { count: 100 });
    const fromReply = await platform.getTweetConversation(fx.tweets.C1, { count: 100 });
    expect(fromReply).toEqual(fromRoot);
    expect(fromRoot.items.map((t) => t.id)).not.toContain(fx.tweets.B1);
  });

  it('is empty for a tweet nobody answered and 404s a missing tweet', async () => {
    expect(await platform.getTweetConversation(fx.tweets.A7, { count: 20 })).toEqual({ items: [], next: null });
    await expect(platform.getTweetConversation('1', { count: 20 })).rejects.toMatchObject({ kind: 'tweet' });
  });
});

describe('getTweetQuotes', () => {
  it.each(TWEET_SORTS)('lists the quotes of a tweet in %s order', async (sort) => {
    const want = await selectIds(`SELECT t.id::text AS id FROM platform.tweets t WHERE t.quoted_tweet_id = $1 ORDER BY ${tweetSortSql(sort)}`, [fx.tweets.C2]);
    expect(want).toHaveLength(2);
    const got = await walkPages(1, (after) => platform.getTweetQuotes(fx.tweets.C2, { count: 1, after, sort }));
    expect(got.map((t) => t.id)).toEqual(want);
    expect(got.every((t) => t.quoted_tweet?.id === fx.tweets.C2)).toBe(true);
  });
});

const EDGE_LISTS: Array<{ name: string; read: UserList; from: string; edge: string; tweet: string }> = [
  {
    name: 'getTweetRetweeters',
    read: platform.getTweetRetweeters,
    from: 'platform.tweets e JOIN platform.users u ON u.id = e.author_id WHERE e.retweeted_tweet_id = $1',
    edge: 'e.id',
    tweet: 'B1',
  },
  {
    name: 'getTweetLikers',
    read: platform.getTweetLikers,
    from: 'platform.likes e JOIN platform.users u ON u.id = e.user_id WHERE e.tweet_id = $1',
    edge: 'e.id',
    tweet: 'A1',
  },
];

describe.each(EDGE_LISTS)('$name', ({ read, from, edge, tweet }) => {
  it.each(USER_SORTS)('pages through every user exactly once in %s order', async (sort) => {
    const want = await selectIds(`SELECT u.id::text AS id FROM ${from} ORDER BY ${userSortSql(sort, edge)}`, [fx.tweets[tweet]]);
    expect(want.length).toBeGreaterThan(4);
    const got = await walkPages(3, (after) => read(fx.tweets[tweet], { count: 3, after, sort }));
    expect(got.map((u) => u.id)).toEqual(want);
  });

  it('404s a missing tweet', async () => {
    await expect(read('1', { count: 5 })).rejects.toMatchObject({ kind: 'tweet' });
  });
});
