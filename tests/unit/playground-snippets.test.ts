import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '@/lib/api/registry';
import { buildCall } from '@/lib/playground/build-call';
import { describeOperation } from '@/lib/playground/describe-operation';
import { jsLiteral, pyLiteral, shellQuote } from '@/lib/playground/literals';
import { requestFor } from '@/lib/playground/send-call';
import { curlSnippet, pythonSnippet, typescriptSnippet } from '@/lib/playground/snippets';
import { playgroundSearch, readPlaygroundSearch } from '@/lib/playground/url-state';

const views = OPERATIONS.map((operation) => describeOperation(operation));
const view = (id: string) => views.find((v) => v.id === id)!;
const BASE = 'http://127.0.0.1:3000';

describe('buildCall', () => {
  it('fills and encodes the path, keeps form order in the query, types values', () => {
    const call = buildCall(view('getUserTweets'), { username: ' @Jack ', sort: 'popular', count: '5', cursor: '' });
    expect(call).toMatchObject({ method: 'GET', path: '/v2/users/%40Jack/tweets', query: [['count', '5'], ['sort', 'popular']], pathAndQuery: '/v2/users/%40Jack/tweets?count=5&sort=popular', body: undefined, headers: {} });
    expect(call.pathValues).toEqual(['@Jack']);
    expect(call.input).toEqual({ count: 5, sort: 'popular' });
  });

  it('sends POST inputs as a typed JSON body; free text is sent as typed', () => {
    const call = buildCall(view('searchTweets'), { query: ' #rust ', count: '5', include_replies: 'false', min_likes: '0' });
    expect(call.body).toEqual({ query: ' #rust ', count: 5, min_likes: 0, include_replies: false });
    expect(call.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(buildCall(view('getUsersBatch'), { usernames: 'a\n b ,c' }).body).toEqual({ usernames: ['a', 'b', 'c'] });
  });

  it('adds an Idempotency-Key to writes only', () => {
    expect(buildCall(view('likeTweet'), { tweetId: '1' }, { idempotencyKey: 'k1' }).headers).toEqual({ 'Idempotency-Key': 'k1' });
    expect(buildCall(view('getTweet'), { tweetId: '1' }, { idempotencyKey: 'k1' }).headers).toEqual({});
  });

  it('goes to the session route with the dashboard header, or to /v2 with the key', () => {
    const call = buildCall(view('getUser'), { username: 'jack' });
    expect(requestFor(call, { kind: 'session' })).toMatchObject({ url: '/api/dashboard/v2/users/jack', init: { method: 'GET', headers: { 'x-perch-dashboard': '1' } } });
    const withKey = requestFor(call, { kind: 'key', key: ' perch_abc ' });
    expect(withKey.url).toBe('/v2/users/jack');
    expect(withKey.init.headers).toMatchObject({ authorization: 'Bearer perch_abc' });
    expect(withKey.init.headers).not.toHaveProperty('x-perch-dashboard');
  });
});

describe('snippets', () => {
  it('curl: one quoted URL, the key from the environment, the exact body', () => {
    const call = buildCall(view('searchTweets'), { query: "it's #rust", count: '5' });
    expect(curlSnippet(call, BASE)).toBe(
      [
        `curl -sS -X POST 'http://127.0.0.1:3000/v2/search' \\`,
        `  -H "Authorization: Bearer $PERCH_API_KEY" \\`,
        `  -H 'Content-Type: application/json' \\`,
        `  --data '{"query":"it'\\''s #rust","count":5}'`,
      ].join('\n'),
    );
    expect(curlSnippet(buildCall(view('getUser'), { username: 'jack' }), BASE)).toBe(`curl -sS 'http://127.0.0.1:3000/v2/users/jack' \\\n  -H "Authorization: Bearer $PERCH_API_KEY"`);
    expect(curlSnippet(buildCall(view('unlikeTweet'), { tweetId: '9' }), BASE)).toMatch(/^curl -sS -X DELETE /);
  });

  it('TypeScript: the client method with path value, input object and per-call options', () => {
    const ts = typescriptSnippet(buildCall(view('getUserFollowers'), { username: 'jack', count: '50', sort: 'followers' }), BASE);
    expect(ts).toContain("import { Perch } from '@perch/client';");
    expect(ts).toContain('new Perch({ apiKey: process.env.PERCH_API_KEY, baseUrl: "http://127.0.0.1:3000" })');
    expect(ts).toContain('await perch.getUserFollowers("jack", { count: 50, sort: "followers" });');
    expect(typescriptSnippet(buildCall(view('getAccount'), {}), BASE)).toContain('await perch.getAccount();');
    expect(typescriptSnippet(buildCall(view('getUser'), { username: 'jack' }), BASE)).toContain('await perch.getUser("jack");');
    expect(typescriptSnippet(buildCall(view('likeTweet'), { tweetId: '9' }, { idempotencyKey: 'once' }), BASE)).toContain('await perch.likeTweet("9", {}, { idempotencyKey: "once" });');
    expect(typescriptSnippet(buildCall(view('searchTweets'), { query: 'x', include_retweets: 'true' }), BASE)).toContain('perch.searchTweets({ query: "x", include_retweets: true })');
  });

  it('Python: the client method in snake_case with typed keyword arguments', () => {
    const get = pythonSnippet(buildCall(view('getUserTweets'), { username: 'jack', count: '5' }), BASE);
    expect(get).toContain('from perch import Perch');
    expect(get).toContain('perch = Perch(base_url="http://127.0.0.1:3000")  # the key from PERCH_API_KEY');
    expect(get).toContain('response = perch.get_user_tweets("jack", count=5)');
    const post = pythonSnippet(buildCall(view('searchTweets'), { query: 'x', include_replies: 'false' }), BASE);
    expect(post).toContain('response = perch.search_tweets(query="x", include_replies=False)');
    expect(pythonSnippet(buildCall(view('likeTweet'), { tweetId: '9' }, { idempotencyKey: 'once' }), BASE)).toContain('perch.like_tweet("9", idempotency_key="once")');
    const long = pythonSnippet(buildCall(view('getUsersBatch'), { usernames: Array.from({ length: 12 }, (_, i) => `user_number_${i}`).join('\n') }), BASE);
    expect(long).toContain('response = perch.get_users_batch(\n    usernames=[');
  });
});

describe('literals', () => {
  it('quotes for the shell, JavaScript and Python', () => {
    expect(shellQuote("a'b $HOME")).toBe(`'a'\\''b $HOME'`);
    expect(jsLiteral({ a: 1, 'b-c': [true, null], d: 'x"y' })).toBe('{ a: 1, "b-c": [true, null], d: "x\\"y" }');
    expect(jsLiteral({ usernames: Array.from({ length: 12 }, (_, i) => `user_number_${i}`) })).toContain('\n');
    expect(pyLiteral({ a: true, b: [false, null], c: 'é' })).toBe('{"a": True, "b": [False, None], "c": "é"}');
  });
});

describe('url state', () => {
  it('round-trips an operation and its filled-in fields, nothing else', () => {
    const search = playgroundSearch(view('getUserTweets'), { username: 'jack', count: '5', cursor: '' });
    expect(search).toBe('op=getUserTweets&username=jack&count=5');
    expect(readPlaygroundSearch(new URLSearchParams(`${search}&apiKey=secret&unknown=1`), views)).toEqual({ operationId: 'getUserTweets', values: { username: 'jack', count: '5' }, fromUrl: true });
    expect(readPlaygroundSearch(new URLSearchParams('op=nope'), views)).toEqual({ operationId: 'searchTweets', values: {}, fromUrl: false });
    expect(readPlaygroundSearch(new URLSearchParams('op=getAccount'), views)).toEqual({ operationId: 'getAccount', values: {}, fromUrl: false });
  });
});
