import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InvalidInputError } from '@/lib/platform/errors';
import { parseTweetQuery } from '@/lib/platform/local/parse-tweet-query';

const none = { from: [], to: [], hashtags: [], mentions: [], langs: [] };

describe('parseTweetQuery', () => {
  it('keeps plain words for full-text search', () => {
    expect(parseTweetQuery('  cats   and dogs ')).toEqual({ text: 'cats and dogs', include: none, exclude: none, since: null, until: null });
  });

  it('keeps quoted phrases and negation in websearch syntax', () => {
    expect(parseTweetQuery('"spice market" -tourist -"grand bazaar"').text).toBe('"spice market" -tourist -"grand bazaar"');
  });

  it('closes a phrase left open at the end', () => {
    expect(parseTweetQuery('hello "open phrase').text).toBe('hello "open phrase"');
  });

  it('keeps OR between terms and drops it where it joins nothing', () => {
    expect(parseTweetQuery('cats OR dogs').text).toBe('cats OR dogs');
    expect(parseTweetQuery('OR cats OR OR dogs OR').text).toBe('cats OR dogs');
    expect(parseTweetQuery('cats or dogs').text).toBe('cats or dogs');
  });

  it('reads from: and to: usernames, lower case, @ allowed, any operator case', () => {
    const parsed = parseTweetQuery('from:Alice FROM:@bob to:Carol_1 hi');
    expect(parsed.include.from).toEqual(['alice', 'bob']);
    expect(parsed.include.to).toEqual(['carol_1']);
    expect(parsed.text).toBe('hi');
  });

  it('reads #tags and @mentions as filters, not words', () => {
    const parsed = parseTweetQuery('#Tea @Alice_B news #日本');
    expect(parsed.include.hashtags).toEqual(['tea', '日本']);
    expect(parsed.include.mentions).toEqual(['alice_b']);
    expect(parsed.text).toBe('news');
  });

  it('reads lang: codes', () => {
    expect(parseTweetQuery('lang:PT hola').include.langs).toEqual(['pt']);
    expect(parseTweetQuery('lang:zh-cn x').include.langs).toEqual(['zh-cn']);
  });

  it('negates operators with a leading -', () => {
    const parsed = parseTweetQuery('x -from:alice -to:bob -#spam -@carol -lang:en');
    expect(parsed.exclude).toEqual({ from: ['alice'], to: ['bob'], hashtags: ['spam'], mentions: ['carol'], langs: ['en'] });
    expect(parsed.include).toEqual(none);
  });

  it('reads since: and until: dates, keeping the narrowest range', () => {
    const parsed = parseTweetQuery('x since:2024-01-01 until:2024-03-01 since:2024-02-01 until:2024-04-01');
    expect(parsed.since).toBe('2024-02-01');
    expect(parsed.until).toBe('2024-03-01');
  });

  it('rejects malformed operator values with InvalidInputError on query', () => {
    for (const query of ['from:', 'from:no-dashes', 'to:waytoolongusername1', 'lang:english', 'since:2024-13-01', 'until:2024-02-30', 'since:yesterday', '-since:2024-01-01']) {
      expect(() => parseTweetQuery(query), query).toThrow(InvalidInputError);
    }
    try {
      parseTweetQuery('from:');
    } catch (error) {
      expect((error as InvalidInputError).path).toBe('query');
    }
  });

  it('rejects a query with nothing to search for', () => {
    for (const query of ['', '   ', '!!!', '- -- "" OR', '#', '"  "']) expect(() => parseTweetQuery(query), query).toThrow(InvalidInputError);
  });

  it('accepts operator-only queries', () => {
    expect(parseTweetQuery('from:alice').text).toBe('');
    expect(parseTweetQuery('since:2024-01-01').since).toBe('2024-01-01');
  });

  it('treats unknown operators and urls as words', () => {
    expect(parseTweetQuery('foo:bar https://x.com/a').text).toBe('foo:bar https://x.com/a');
  });

  it('never throws anything but InvalidInputError, and never emits a stray quote', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (query) => {
        try {
          const parsed = parseTweetQuery(query);
          expect((parsed.text.match(/"/g) ?? []).length % 2).toBe(0);
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidInputError);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
