import { describe, expect, it } from 'vitest';
import { detectLang } from '@/lib/platform/local/write/detect-lang';
import { retweetText } from '@/lib/platform/local/write/retweet-text';

describe('detectLang', () => {
  it('names a language by its script or its most frequent words, else null', () => {
    expect(detectLang('今日はとても良い天気ですね')).toBe('ja');
    expect(detectLang('오늘 날씨 정말 좋다')).toBe('ko');
    expect(detectLang('Сегодня хорошая погода')).toBe('ru');
    expect(detectLang('Сьогодні її день')).toBe('uk');
    expect(detectLang('The weather is nice and it is sunny')).toBe('en');
    expect(detectLang('El tiempo es muy bueno para la playa')).toBe('es');
    expect(detectLang('Das Wetter ist heute nicht gut')).toBe('de');
    // Tags, mentions and links are no language's words.
    expect(detectLang('#the @the https://the.example/the')).toBeNull();
    expect(detectLang('lorem ipsum')).toBeNull();
  });
});

describe('retweetText', () => {
  it('prefixes RT @author and keeps short texts whole', () => {
    expect(retweetText('alice', 'hello #world')).toBe('RT @alice: hello #world');
  });

  it('cuts a long text at a word and ends it with an ellipsis, within 280 code points', () => {
    const text = `${'🦜word '.repeat(60)}#tail`;
    const rt = retweetText('alice', text);
    expect(Array.from(rt).length).toBeLessThanOrEqual(280);
    expect(rt.endsWith('🦜word…')).toBe(true);
  });

  it('cuts a text without spaces at the limit', () => {
    const rt = retweetText('alice', 'x'.repeat(400));
    expect(Array.from(rt)).toHaveLength(280);
    expect(rt.endsWith('x…')).toBe(true);
  });
});
