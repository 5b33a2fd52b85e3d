import { describe, expect, it } from 'vitest';
import { extractEntities, tweetLength } from '@/lib/platform/entities';

describe('extractEntities', () => {
  it('finds each kind with code-point offsets', () => {
    const text = '🚀 #Launch day with @perch_dev: $NVDA up, see https://example.com/a?b=1.';
    const e = extractEntities(text);
    expect(e.hashtags).toEqual([{ tag: 'Launch', start: 2, end: 9 }]);
    expect(e.mentions).toEqual([{ username: 'perch_dev', start: 19, end: 29 }]);
    expect(e.cashtags).toEqual([{ tag: 'NVDA', start: 31, end: 36 }]);
    expect(e.urls).toHaveLength(1);
    expect(e.urls[0]).toMatchObject({ url: 'https://example.com/a?b=1', display_url: 'example.com/a?b=1', start: 45, end: 70 });
    expect(Array.from(text).slice(e.hashtags[0].start, e.hashtags[0].end).join('')).toBe('#Launch');
  });

  it('ignores tags inside words, emails and url fragments, and number-only tags', () => {
    const e = extractEntities('mail me@example.com or see https://x.org/p#frag foo#bar #123 #ok_2');
    expect(e.mentions).toEqual([]);
    expect(e.hashtags.map((h) => h.tag)).toEqual(['ok_2']);
  });

  it('accepts hashtags in other scripts', () => {
    expect(extractEntities('今日は #東京 と #Москва').hashtags.map((h) => h.tag)).toEqual(['東京', 'Москва']);
  });

  it('counts length in code points', () => {
    expect(tweetLength('a😀b')).toBe(3);
  });
});
