import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '@/lib/platform/errors';
import { compileRule, type MatchableTweet } from '@/lib/rules/compile-rule';
import { parseRuleQuery } from '@/lib/rules/parse-rule-query';

const DID = 'did:plc:z72i7hdynmk6r22z27h6tvur';

describe('parseRuleQuery', () => {
  it('reads Bluesky handles and DIDs in from:, to: and @, lower case, a leading @ dropped', () => {
    const parsed = parseRuleQuery(`from:Alice.bsky.social -from:@${DID} to:bob.test @Carol.Example.com birds`, 'bluesky');
    expect(parsed.include.from).toEqual(['alice.bsky.social']);
    expect(parsed.exclude.from).toEqual([DID]);
    expect(parsed.include.to).toEqual(['bob.test']);
    expect(parsed.include.mentions).toEqual(['carol.example.com']);
    expect(parsed.text).toBe('birds');
  });

  it('keeps the embedded platform’s 15-character usernames elsewhere', () => {
    expect(parseRuleQuery('from:@Alice_1 @bob hi', 'local').include).toMatchObject({ from: ['alice_1'], mentions: ['bob'] });
    expect(() => parseRuleQuery('from:alice.bsky.social', 'local')).toThrow(InvalidInputError);
    expect(() => parseRuleQuery('from:alice_1', 'bluesky')).toThrow(/needs a username \(a handle such as alice\.bsky\.social/);
    // Not a username of the platform: a word, as in search.
    expect(parseRuleQuery('@alice.bsky.social', 'local').text).toBe('@alice.bsky.social');
  });
});

describe('compileRule on Bluesky', () => {
  const tweet = (names: string[]): MatchableTweet => ({
    id: `${DID}~3k`,
    authorId: DID,
    authorNames: new Set(names),
    repliedToNames: new Set(),
    hashtags: new Set(),
    mentions: new Set(),
    lang: null,
    createdDate: '2026-11-23',
    isRetweet: false,
    lexemes: new Map(),
  });
  const rule = (query: string) => compileRule({ id: '1', user_id: 'u', key_id: 'k', tag: 't', kind: 'query', query, text_query: null, account_ids: [], platform: 'bluesky' });

  it('matches from: by handle or DID; before handles are known, a handle rule only might match', () => {
    const known = tweet([DID.toLowerCase(), 'alice.test']);
    const byDid = tweet([DID.toLowerCase()]);
    expect(rule('from:alice.test').test(known)).toBe(true);
    expect(rule('from:alice.test').test(byDid)).toBe(false);
    expect(rule('from:alice.test').mightMatch(byDid)).toBe(true);
    expect(rule('-from:alice.test').test(known)).toBe(false);
    expect(rule('-from:alice.test').mightMatch(byDid)).toBe(true);
    expect(rule('from:alice.test lang:en').mightMatch(byDid)).toBe(false); // no language: no match whoever wrote it
    expect(rule(`from:${DID}`).test(byDid)).toBe(true);
    expect(rule('from:did:plc:someoneelse').mightMatch(byDid)).toBe(false);
  });
});
