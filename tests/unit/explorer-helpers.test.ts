import { describe, expect, it } from 'vitest';
import { extractEntities } from '@/lib/platform/entities';
import { avatarHue, initials } from '@/lib/explorer/avatar';
import { aspectRatio, canLoadImage, describeMedia, generatedPicture } from '@/lib/explorer/media';
import { relativeTime } from '@/lib/explorer/relative-time';
import { DEFAULT_SEARCH, readSearchState, searchStateErrors, searchStateQuery, tweetSearchInput } from '@/lib/explorer/search-state';
import { segmentText } from '@/lib/explorer/segment-text';

const entities = (text: string) => ({ ...extractEntities(text), mentions: extractEntities(text).mentions.map((m) => ({ ...m, id: '1' })) });

describe('segmentText', () => {
  it('splits at hashtags, mentions, cashtags and links, counting offsets in code points', () => {
    const text = '🎉 hi @jack see #rust and $TSLA at https://example.com/x ok';
    expect(segmentText(text, entities(text))).toEqual([
      { kind: 'text', text: '🎉 hi ' },
      { kind: 'mention', text: '@jack', username: 'jack' },
      { kind: 'text', text: ' see ' },
      { kind: 'hashtag', text: '#rust', tag: 'rust' },
      { kind: 'text', text: ' and ' },
      { kind: 'cashtag', text: '$TSLA', tag: 'TSLA' },
      { kind: 'text', text: ' at ' },
      { kind: 'url', text: 'example.com/x', href: 'https://example.com/x' },
      { kind: 'text', text: ' ok' },
    ]);
  });

  it('leaves untrustworthy spans as text: overlapping, out of range, non-http links', () => {
    const text = 'abc #tag';
    const weird = {
      hashtags: [{ tag: 'tag', start: 4, end: 8 }, { tag: 'ag', start: 5, end: 8 }],
      mentions: [{ id: '1', username: 'x', start: 6, end: 40 }],
      urls: [{ url: 'javascript:alert(1)', expanded_url: 'javascript:alert(1)', display_url: 'abc', start: 0, end: 3 }],
      cashtags: [],
    };
    expect(segmentText(text, weird)).toEqual([
      { kind: 'text', text: 'abc ' },
      { kind: 'hashtag', text: '#tag', tag: 'tag' },
    ]);
    expect(segmentText('', { hashtags: [], mentions: [], urls: [], cashtags: [] })).toEqual([]);
  });
});

describe('relativeTime', () => {
  const now = Date.parse('2026-05-10T12:00:00Z');
  it('says ages the way timelines do', () => {
    expect(relativeTime('2026-05-10T12:00:00Z', now)).toBe('now');
    expect(relativeTime('2026-05-10T11:59:18Z', now)).toBe('42s');
    expect(relativeTime('2026-05-10T11:55:00Z', now)).toBe('5m');
    expect(relativeTime('2026-05-10T09:00:00Z', now)).toBe('3h');
    expect(relativeTime('2026-05-04T12:00:00Z', now)).toBe('6d');
    expect(relativeTime('2026-03-04T12:00:00Z', now)).toBe('Mar 4');
    expect(relativeTime('2024-03-04T12:00:00Z', now)).toBe('Mar 4, 2024');
    expect(relativeTime('garbage', now)).toBe('');
  });
});

describe('media and avatars', () => {
  const video = { type: 'video' as const, url: 'https://media.perch.local/v/1.mp4', preview_url: null, width: 1280, height: 720, duration_ms: 42_000, alt_text: null };
  it('describes media for placeholders', () => {
    expect(describeMedia(video)).toBe('Video · 1280×720 · 0:42');
    expect(describeMedia({ ...video, type: 'photo', width: null, duration_ms: null })).toBe('Photo');
    expect(aspectRatio(video)).toBeCloseTo(16 / 9);
    expect(aspectRatio({ ...video, width: 100, height: 1000 })).toBe(0.6);
  });
  it('draws a picture for media it cannot load: a data: URL the CSP allows, the same for the same file, a play mark on videos', () => {
    const photo = { ...video, type: 'photo' as const, url: 'https://media.perch.local/p/1.jpg' };
    const picture = generatedPicture(photo);
    expect(picture.startsWith('data:image/svg+xml')).toBe(true);
    expect(canLoadImage(picture, 'http://127.0.0.1:3000')).toBe(true);
    expect(generatedPicture(photo)).toBe(picture);
    expect(generatedPicture({ ...photo, url: 'https://media.perch.local/p/2.jpg' })).not.toBe(picture);
    expect(decodeURIComponent(generatedPicture(video))).toContain('<path');
    expect(decodeURIComponent(picture)).not.toContain('<path');
  });
  it('loads only images the CSP allows (this origin, data:)', () => {
    expect(canLoadImage('https://media.perch.local/a.jpg', 'http://127.0.0.1:3000')).toBe(false);
    expect(canLoadImage('/avatars/a.png', 'http://127.0.0.1:3000')).toBe(true);
    expect(canLoadImage('http://127.0.0.1:3000/a.png', 'http://127.0.0.1:3000')).toBe(true);
    expect(canLoadImage('data:image/png;base64,AAAA', '')).toBe(true);
    expect(canLoadImage('/a.png', '')).toBe(false);
    expect(canLoadImage(null, 'http://x')).toBe(false);
  });
  it('makes initials and a stable hue', () => {
    expect(initials('Juhani Hirvonen', 'juhani')).toBe('JH');
    expect(initials('  ', 'zed_9')).toBe('ZE');
    expect(initials('éa (bot) 🤖', 'x')).toBe('ÉB');
    expect(avatarHue('Jack')).toBe(avatarHue('jack'));
    expect(avatarHue('jack')).toBeGreaterThanOrEqual(0);
  });
});

describe('search state', () => {
  it('round-trips through the address with only non-defaults', () => {
    const state = { ...DEFAULT_SEARCH, q: '#rust', sort: 'popular' as const, lang: 'en', minLikes: '10', replies: false, retweets: true };
    const query = searchStateQuery(state);
    expect(query).toBe('q=%23rust&sort=popular&lang=en&min_likes=10&replies=0&retweets=1');
    expect(readSearchState(new URLSearchParams(query))).toEqual(state);
    expect(searchStateQuery({ ...DEFAULT_SEARCH, q: 'ann', type: 'users', userSort: 'followers', sort: 'popular' })).toBe('q=ann&type=users&user_sort=followers');
    expect(readSearchState(new URLSearchParams('sort=oldest&type=x'))).toEqual(DEFAULT_SEARCH);
  });
  it('checks filters before spending credits and builds the searchTweets body', () => {
    expect(searchStateErrors(DEFAULT_SEARCH)).toEqual({ q: 'Enter something to search for' });
    expect(searchStateErrors({ ...DEFAULT_SEARCH, q: 'x', lang: 'English', minLikes: '-1', minRetweets: '2' })).toEqual({ lang: 'A 2- or 3-letter language code such as en', minLikes: 'A whole number from 0' });
    expect(tweetSearchInput({ ...DEFAULT_SEARCH, q: 'x', minRetweets: '3' })).toEqual({ query: 'x', sort: 'latest', min_retweets: 3, include_replies: true, include_retweets: false });
  });
});
