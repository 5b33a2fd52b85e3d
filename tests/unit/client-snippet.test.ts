import { describe, expect, it } from 'vitest';
import { typescriptSnippet } from '@perch/client';

describe('typescriptSnippet', () => {
  it('writes the call the way the client takes it: path value, then the input object', () => {
    expect(typescriptSnippet('getUserTweets', ['jack'], { count: 20, sort: 'popular', cursor: undefined }, { baseUrl: 'https://perch.example' })).toBe(
      [
        "import { Perch } from \"@perch/client\";",
        '',
        'const perch = new Perch({ baseUrl: "https://perch.example" }); // the key comes from PERCH_API_KEY',
        'const { data, meta } = await perch.getUserTweets("jack", { count: 20, sort: "popular" });',
        'console.log(data, meta.credits_charged, meta.credits_remaining);',
        '',
      ].join('\n'),
    );
  });

  it('leaves out an empty input, and writes bodies with arrays and quoted keys', () => {
    expect(typescriptSnippet('getAccount', [], {}, { importPath: './lib/client' })).toContain('await perch.getAccount();');
    expect(typescriptSnippet('getAccount', [])).toContain('import { Perch } from "@perch/client";');
    expect(typescriptSnippet('likeTweet', ['20'])).toContain('await perch.likeTweet("20");');
    expect(typescriptSnippet('getUsersBatch', [], { usernames: ['jack', 'biz'] })).toContain('await perch.getUsersBatch({ usernames: ["jack", "biz"] });');
    expect(typescriptSnippet('searchTweets', [], { query: 'say "hi"', 'odd-key': true })).toContain('await perch.searchTweets({ query: "say \\"hi\\"", "odd-key": true });');
  });
});
