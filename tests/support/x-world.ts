import type { XSettings } from '@/lib/platform/platform-config';
import { LOCAL_SYNTAX } from '@/lib/platform/syntax';
import { createServedPlatforms, type ServedPlatforms } from '@/lib/platform/served-platforms';
import type { ApiAccount } from './api-client';
import type { FakeX } from './fake-x-api';
import type { FakeXWorld } from './fake-x-world';
import type { ContractSubjects } from './platform-contract';

// A small X world for the fake X API (accounts, posts with a reply thread, a quote, a retweet,
// a mention, media, follows, likes, a list, trends) and Perch's platforms pointed at the fake.

export const X_IDS = {
  alice: '1001',
  bob: '1002',
  carol: '1003',
  dan: '1004',
  erin: '1005',
  hello: '1800000000000000001',
  second: '1800000000000000002',
  media: '1800000000000000003',
  reply: '1800000000000000004',
  nested: '1800000000000000005',
  quote: '1800000000000000006',
  mention: '1800000000000000007',
  retweet: '1800000000000000008',
  list: '1500000000000000001',
} as const;

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 12, minutes)).toISOString();

/** The world: alice (4 followers, 3 posts), bob, carol, dan (blue verified), erin. */
export function xWorld(): FakeXWorld {
  const I = X_IDS;
  const user = (id: string, username: string, name: string, extra: Partial<FakeXWorld['users'][number]> = {}) => ({
    id,
    username,
    name,
    description: '',
    created_at: '2020-01-02T03:04:05.000Z',
    profile_image_url: `https://pbs.twimg.com/profile_images/${id}/normal.jpg`,
    protected: false,
    verified: false,
    verified_type: 'none',
    public_metrics: { listed_count: 1, like_count: 7, media_count: 1 },
    ...extra,
  });
  return {
    users: [
      user(I.alice, 'alice', 'Alice Example', { description: 'Writes about #perch and birds', location: 'Lisbon', url: 'https://t.co/alice', pinned_tweet_id: I.hello }),
      user(I.bob, 'bob', 'Bob'),
      user(I.carol, 'carol', 'Carol'),
      user(I.dan, 'dan', 'Dan', { verified: true, verified_type: 'blue' }),
      user(I.erin, 'erin', 'erin'),
    ],
    tweets: [
      { id: I.hello, text: 'Hello from alice #perch', author_id: I.alice, created_at: at(0), conversation_id: I.hello, lang: 'en', entities: { hashtags: [{ start: 17, end: 23, tag: 'perch' }] } },
      { id: I.second, text: 'A second post, about birds', author_id: I.alice, created_at: at(1), conversation_id: I.second, lang: 'en', public_metrics: { impression_count: 42 } },
      { id: I.media, text: 'A photo https://t.co/pic', author_id: I.alice, created_at: at(2), conversation_id: I.media, lang: 'en', attachments: { media_keys: ['3_1'] } },
      {
        id: I.reply,
        text: '@alice nice one',
        author_id: I.bob,
        created_at: at(3),
        conversation_id: I.hello,
        in_reply_to_user_id: I.alice,
        lang: 'en',
        referenced_tweets: [{ type: 'replied_to', id: I.hello }],
        entities: { mentions: [{ start: 0, end: 6, username: 'alice', id: I.alice }] },
      },
      {
        id: I.nested,
        text: '@bob agreed',
        author_id: I.carol,
        created_at: at(4),
        conversation_id: I.hello,
        in_reply_to_user_id: I.bob,
        lang: 'en',
        referenced_tweets: [{ type: 'replied_to', id: I.reply }],
        entities: { mentions: [{ start: 0, end: 4, username: 'bob' }] },
      },
      { id: I.quote, text: 'Look at this', author_id: I.carol, created_at: at(5), conversation_id: I.quote, lang: 'en', referenced_tweets: [{ type: 'quoted', id: I.hello }] },
      {
        id: I.mention,
        text: 'cc @alice about $PRCH https://t.co/x',
        author_id: I.dan,
        created_at: at(6),
        conversation_id: I.mention,
        lang: 'en',
        entities: {
          mentions: [{ start: 3, end: 9, username: 'alice' }],
          cashtags: [{ start: 16, end: 21, tag: 'PRCH' }],
          urls: [{ start: 22, end: 35, url: 'https://t.co/x', expanded_url: 'https://perch.example/x', display_url: 'perch.example/x' }],
        },
      },
      { id: I.retweet, text: 'RT @alice: Hello from alice #perch', author_id: I.erin, created_at: at(7), conversation_id: I.retweet, referenced_tweets: [{ type: 'retweeted', id: I.hello }] },
    ],
    media: [{ media_key: '3_1', type: 'photo', url: 'https://pbs.twimg.com/media/one.jpg', width: 800, height: 600, alt_text: 'a bird' }],
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
    lists: [{ id: I.list, name: 'birders', owner_id: I.alice, members: [I.alice, I.bob], followers: [I.carol] }],
    trends: { '1': [{ trend_name: '#perch', tweet_count: 1200 }, { trend_name: 'birds' }], '23424977': [{ trend_name: 'Thanksgiving', tweet_count: 90_000 }] },
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
