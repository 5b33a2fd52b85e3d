import { describe, expect, it } from 'vitest';
import { TweetSchema } from '@/lib/platform/records';
import { toEmbeddedTweet, toTweet, type TweetRow } from '@/lib/platform/local/tweet-row';

const row = (over: Partial<TweetRow> = {}): TweetRow => ({
  id: '200',
  text: 'hi',
  lang: '',
  created_at: new Date('2026-01-02T03:04:05.678Z'),
  conversation_id: '200',
  in_reply_to_tweet_id: null,
  in_reply_to_user_id: null,
  in_reply_to_username: null,
  quoted_tweet_id: null,
  retweeted_tweet_id: null,
  like_count: 1,
  retweet_count: 2,
  reply_count: 3,
  quote_count: 4,
  bookmark_count: 5,
  view_count: '9007199254740991',
  entities: {},
  media: [],
  possibly_sensitive: false,
  community_id: null,
  author: { id: '7', username: 'Ann', name: 'Ann', profile_image_url: '', is_blue_verified: false, verified_type: 'none', followers_count: 0 },
  ...over,
});

describe('toTweet', () => {
  it('fills every contract field: ISO time, url, empty entities, unknowns as null', () => {
    const tweet = toTweet(row(), new Map());
    expect(TweetSchema.strict().parse(tweet)).toEqual(tweet);
    expect(tweet).toMatchObject({
      url: 'https://perch.local/Ann/status/200',
      created_at: '2026-01-02T03:04:05.678Z',
      lang: null,
      view_count: 9007199254740991,
      author_id: '7',
      entities: { hashtags: [], mentions: [], urls: [], cashtags: [] },
    });
    expect(tweet.author.profile_image_url).toBeNull();
  });

  it('leaves out entities and media the contract cannot carry, and completes the rest', () => {
    const tweet = toTweet(
      row({
        entities: {
          hashtags: [{ tag: 'a', start: 0, end: 2 }, { start: 1 }],
          mentions: [{ username: 'ghost', start: 0, end: 6 }, { id: '8', username: 'bo', start: '3', end: 6 }],
          urls: [{ url: 'https://x.y/z', start: 0, end: 13 }],
        },
        media: [{ type: 'gif?', url: 'https://m/1.jpg' }, { type: 'video' }, 'junk'],
      }),
      new Map(),
    );
    expect(tweet.entities.hashtags).toEqual([{ tag: 'a', start: 0, end: 2 }]);
    expect(tweet.entities.mentions).toEqual([{ id: '8', username: 'bo', start: 3, end: 6 }]);
    expect(tweet.entities.urls).toEqual([{ url: 'https://x.y/z', expanded_url: 'https://x.y/z', display_url: 'https://x.y/z', start: 0, end: 13 }]);
    expect(tweet.media).toEqual([{ type: 'photo', url: 'https://m/1.jpg', preview_url: null, width: null, height: null, duration_ms: null, alt_text: null }]);
    TweetSchema.strict().parse(tweet);
  });

  it('embeds referenced tweets from the map and nulls the ones missing (deleted)', () => {
    const quoted = toEmbeddedTweet(row({ id: '100', conversation_id: '100' }));
    const tweet = toTweet(row({ quoted_tweet_id: '100', retweeted_tweet_id: '101' }), new Map([['100', quoted]]));
    expect(tweet.quoted_tweet).toEqual(quoted);
    expect(tweet.quoted_tweet?.quoted_tweet).toBeNull();
    expect(tweet.retweeted_tweet).toBeNull();
    expect(tweet.is_quote && tweet.is_retweet).toBe(true);
  });

  it('gives a reply its in_reply_to even when the replied-to user is gone', () => {
    const tweet = toTweet(row({ in_reply_to_tweet_id: '50', in_reply_to_user_id: null, in_reply_to_username: null }), new Map());
    expect(tweet.in_reply_to).toEqual({ tweet_id: '50', user_id: null, username: null });
    expect(tweet.is_reply).toBe(true);
  });
});
