import type { XSettings } from '@/lib/platform/platform-config';
import { LOCAL_SYNTAX } from '@/lib/platform/syntax';
import { createServedPlatforms, type ServedPlatforms } from '@/lib/platform/served-platforms';
import type { ApiAccount } from './api-client';
import type { FakeX } from './fake-x-api';
import type { FakeUser, FakeXWorld } from './fake-x-world';
import type { ContractSubjects } from './platform-contract';

// A small X world for the fake X API (accounts, posts with a reply thread, a quote, a repost,
// a mention, media, a long post, follows, likes, a list, trends), its records typed by X's SDK,
// and Perch's platforms pointed at the fake.

export const X_IDS = {
  alice: '1001',
  bob: '1002',
  carol: '1003',
  dan: '1004',
  erin: '1005',
  /** A user X gives no public_metrics at all (every count unknown); author of `long`, followed by nobody. */
  frank: '1006',
  hello: '1800000000000000001',
  second: '1800000000000000002',
  media: '1800000000000000003',
  reply: '1800000000000000004',
  nested: '1800000000000000005',
  quote: '1800000000000000006',
  mention: '1800000000000000007',
  retweet: '1800000000000000008',
  /** A long post: `text` cut at 280 characters, the whole in note_post (LONG_POST_TEXT); its public_metrics lack bookmark_count and impression_count. */
  long: '1800000000000000009',
  list: '1500000000000000001',
} as const;

/** The whole text of the long post (X_IDS.long), over 280 characters; X's `text` holds its first 280. */
export const LONG_POST_TEXT =
  'A long note on #wading herons at dawn: they stand still in the shallows for minutes on end, then strike faster than the eye can follow. ' +
  'I watched one for an hour this morning from the old pier and counted eleven catches, most of them small fish, one of them a frog. ' +
  'More notes to come once the season turns.';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 12, minutes)).toISOString();

/** The world: alice (4 followers, 3 posts, a pinned post), bob, carol, dan (blue verified), erin, frank (no counts). */
export function xWorld(): FakeXWorld {
  const I = X_IDS;
  const user = (id: string, username: string, name: string, extra: Partial<FakeUser> = {}): FakeUser => ({
    id,
    username,
    name,
    description: '',
    createdAt: '2020-01-02T03:04:05.000Z',
    profileImageUrl: `https://pbs.twimg.com/profile_images/${id}/normal.jpg`,
    protected: false,
    verified: false,
    verifiedType: 'none',
    // followers, following and posts are counted from the world.
    publicMetrics: { listedCount: 1, likeCount: 7, mediaCount: 1 },
    ...extra,
  });
  const hashtag = LONG_POST_TEXT.indexOf('#wading');
  return {
    users: [
      user(I.alice, 'alice', 'Alice Example', { description: 'Writes about #perch and birds', location: 'Lisbon', url: 'https://t.co/alice', pinnedPostId: I.hello }),
      user(I.bob, 'bob', 'Bob'),
      user(I.carol, 'carol', 'Carol'),
      user(I.dan, 'dan', 'Dan', { verified: true, verifiedType: 'blue' }),
      user(I.erin, 'erin', 'erin'),
      user(I.frank, 'frank', 'Frank', { publicMetrics: null }),
    ],
    posts: [
      { id: I.hello, text: 'Hello from alice #perch', authorId: I.alice, createdAt: at(0), conversationId: I.hello, lang: 'en', entities: { hashtags: [{ start: 17, end: 23, tag: 'perch' }] } },
      { id: I.second, text: 'A second post, about birds', authorId: I.alice, createdAt: at(1), conversationId: I.second, lang: 'en', publicMetrics: { impressionCount: 42 } },
      { id: I.media, text: 'A photo https://t.co/pic', authorId: I.alice, createdAt: at(2), conversationId: I.media, lang: 'en', attachments: { mediaKeys: ['3_1'] } },
      {
        id: I.reply,
        text: '@alice nice one',
        authorId: I.bob,
        createdAt: at(3),
        conversationId: I.hello,
        inReplyToUserId: I.alice,
        lang: 'en',
        referencedPosts: [{ type: 'replied_to', id: I.hello }],
        entities: { mentions: [{ start: 0, end: 6, username: 'alice', id: I.alice }] },
      },
      {
        id: I.nested,
        text: '@bob agreed',
        authorId: I.carol,
        createdAt: at(4),
        conversationId: I.hello,
        inReplyToUserId: I.bob,
        lang: 'en',
        referencedPosts: [{ type: 'replied_to', id: I.reply }],
        entities: { mentions: [{ start: 0, end: 4, username: 'bob' }] },
      },
      { id: I.quote, text: 'Look at this', authorId: I.carol, createdAt: at(5), conversationId: I.quote, lang: 'en', referencedPosts: [{ type: 'quoted', id: I.hello }] },
      {
        id: I.mention,
        text: 'cc @alice about $PRCH https://t.co/x',
        authorId: I.dan,
        createdAt: at(6),
        conversationId: I.mention,
        lang: 'en',
        entities: {
          mentions: [{ start: 3, end: 9, username: 'alice' }],
          cashtags: [{ start: 16, end: 21, tag: 'PRCH' }],
          urls: [{ start: 22, end: 35, url: 'https://t.co/x', expandedUrl: 'https://perch.example/x', displayUrl: 'perch.example/x' }],
        },
      },
      { id: I.retweet, text: 'RT @alice: Hello from alice #perch', authorId: I.erin, createdAt: at(7), conversationId: I.retweet, referencedPosts: [{ type: 'retweeted', id: I.hello }] },
      {
        id: I.long,
        text: LONG_POST_TEXT.slice(0, 280),
        authorId: I.frank,
        createdAt: at(8),
        conversationId: I.long,
        lang: 'en',
        entities: { hashtags: [{ start: hashtag, end: hashtag + 7, tag: 'wading' }] },
        notePost: { text: LONG_POST_TEXT, entities: { hashtags: [{ start: hashtag, end: hashtag + 7, tag: 'wading' }] } },
        // X leaves these out (as for posts older than the counts): Perch's must be null, not 0.
        publicMetrics: { bookmarkCount: null, impressionCount: null },
      },
    ],
    media: [{ mediaKey: '3_1', type: 'photo', url: 'https://pbs.twimg.com/media/one.jpg', width: 800, height: 600, altText: 'a bird' }],
    // alice's followers follow in this order: bob, carol, dan, erin.
    follows: [
      [I.bob, I.alice],
      [I.carol, I.alice],
      [I.dan, I.alice],
      [I.erin, I.alice],
      [I.alice, I.bob],
    ],
    likes: [
      [I.bob, I.hello],
      [I.carol, I.hello],
      [I.dan, I.second],
    ],
    lists: [{ id: I.list, name: 'birders', ownerId: I.alice, members: [I.alice, I.bob], followers: [I.carol] }],
    trends: { '1': [{ trendName: '#perch', tweetCount: 1200 }, { trendName: 'birds' }], '23424977': [{ trendName: 'Thanksgiving', tweetCount: 90_000 }] },
  };
}

/** The platform contract's subjects in this world. */
export function xContractSubjects(account: ApiAccount, unavailablePath = '/v2/communities/123/members'): ContractSubjects {
  return {
    account,
    syntax: LOCAL_SYNTAX,
    username: 'alice',
    tweetId: X_IDS.hello,
    missingUsername: 'nobody',
    missingTweetId: '1799999999999999999',
    badUsername: 'not a name',
    badTweetId: 'abc',
    unavailablePath,
  };
}

/** X settings pointing at the fake, its certificate trusted. */
export function fakeXSettings(fake: FakeX, timeoutMs = 10_000): XSettings {
  return {
    apiUrl: fake.url,
    bearerToken: fake.bearerToken,
    oauth: { clientId: fake.client.id, clientSecret: fake.client.secret, authorizeUrl: `${fake.url}/i/oauth2/authorize` },
    timeoutMs,
    httpAgent: fake.agent,
  };
}

/** Perch serving X (and the embedded platform beside it) from the fake. */
export function xPlatforms(fake: FakeX, options: { cacheTtlSeconds?: number; timeoutMs?: number } = {}): ServedPlatforms {
  return createServedPlatforms({
    defaultPlatform: 'x',
    platforms: ['x', 'local'],
    bluesky: null,
    x: fakeXSettings(fake, options.timeoutMs),
    cacheTtlSeconds: options.cacheTtlSeconds ?? 0,
  });
}
