import { describe, expect, it } from 'vitest';
import { detectLang } from '@/lib/platform/detect-lang';
import { retweetText } from '@/lib/platform/local/write/retweet-text';

describe('detectLang', () => {
  it('names the language of tweet-length texts in several scripts with its ISO 639-1 code', async () => {
    const cases: Array<[string, string]> = [
      ['Hello from Perch, testing the new API today', 'en'],
      ['Just finished my morning run, feeling great', 'en'],
      ['¿Alguien sabe a qué hora empieza el partido?', 'es'],
      ["Il fait vraiment beau aujourd'hui à Paris", 'fr'],
      ['Der Zug hat schon wieder Verspätung', 'de'],
      ['Bom dia, hoje vai ser um ótimo dia', 'pt'],
      ['今日はとても良い天気ですね', 'ja'],
      ['오늘 날씨 정말 좋다', 'ko'],
      ['Сегодня отличная погода в Москве', 'ru'],
      ['Сьогодні чудова погода в Києві', 'uk'],
      ['الطقس جميل جدا اليوم في القاهرة', 'ar'],
      // eld says "no"; the seed and lang: use Bokmål's code.
      ['Det er veldig fint vær i Oslo i dag', 'nb'],
    ];
    for (const [text, lang] of cases) expect([text, await detectLang(text)]).toEqual([text, lang]);
  });

  it('reads the words around tags, mentions and links, and not those', async () => {
    expect(await detectLang('Loving the #perch API so far @alice https://perch.example/x')).toBe('en');
    expect(await detectLang('#the @the https://the.example/the')).toBeNull();
  });

  it('leaves texts too short or too mixed to tell null', async () => {
    for (const text of ['lol', 'ok', 'test 123', '👍👍', 'Perch', '2026', 'hi', 'gm', 'v2.1.0', '!!!']) expect([text, await detectLang(text)]).toEqual([text, null]);
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
