import https from 'node:https';
import { Client, HttpClient } from '@xdevplatform/xdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeX, type FakeX } from '../support/fake-x-api';
import { LONG_POST_TEXT, X_IDS as I, xWorld } from '../support/x-world';

// The fake X API itself, by plain HTTPS: it speaks X's current API (post.fields,
// referenced_posts, includes.posts, repost_count, post_count) in snake_case, and is as strict
// as X about each endpoint's query, so an adapter that drifts from X fails here first.

let fake: FakeX;

beforeAll(async () => {
  fake = await startFakeX(xWorld());
});

afterAll(async () => {
  await fake?.close();
});

/** One request to the fake as the app (its bearer token), or as `token`'s user. */
function call(method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<{ status: number; headers: Record<string, unknown>; body: any }> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const request = https.request(
      `${fake.url}${path}`,
      { method, agent: fake.agent, headers: { authorization: `Bearer ${options.token ?? fake.bearerToken}`, ...(payload ? { 'content-type': 'application/json' } : {}) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text ? JSON.parse(text) : undefined });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** X's SDK sending through node:https with the fake's certificate trusted (the SDK's own calls the global fetch). */
class FakeHttpClient extends HttpClient {
  override request(url: string, options: { method?: string; headers?: Headers; body?: string } = {}): Promise<Response> {
    return new Promise((resolve, reject) => {
      const request = https.request(url, { method: options.method ?? 'GET', agent: fake.agent, headers: Object.fromEntries(options.headers?.entries() ?? []) }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => resolve(new Response(Buffer.concat(chunks), { status: answer.statusCode ?? 502, headers: answer.headers as Record<string, string> })));
      });
      request.on('error', reject);
      request.end(options.body);
    });
  }
}

const get = (path: string, query: Record<string, string> = {}) => call('GET', `${path}?${new URLSearchParams(query)}`);

describe('the fake X API is strict as X', () => {
  it('refuses tweet.fields: X knows only post.fields', async () => {
    const answer = await get(`/2/tweets/${I.hello}`, { 'tweet.fields': 'public_metrics' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ title: 'Invalid Request', type: 'https://api.x.com/2/problems/invalid-request', errors: [{ parameters: { 'tweet.fields': ['public_metrics'] } }] });
    expect(answer.body.detail).toContain('[tweet.fields]');
    expect(answer.headers['x-rate-limit-remaining']).toBe('899');
  });

  it('refuses a value outside a fields list or an expansion the endpoint lacks', async () => {
    const field = await get(`/2/tweets/${I.hello}`, { 'post.fields': 'text,author_id' });
    expect(field.status).toBe(400);
    expect(field.body.detail).toMatch(/^The `post.fields` query parameter value \[author_id\] is not one of \[article,/);
    const expansion = await get(`/2/tweets/${I.hello}`, { expansions: 'referenced_tweets.id' });
    expect(expansion.status).toBe(400);
    expect(expansion.body).toMatchObject({ errors: [{ parameters: { expansions: ['referenced_tweets.id'] } }] });
    // A user endpoint takes the user expansions only.
    expect((await get('/2/users/by/username/alice', { expansions: 'author_id' })).status).toBe(400);
    expect((await get('/2/users/by/username/alice', { 'user.fields': 'pinned_tweet_id' })).status).toBe(400);
    expect((await get(`/2/users/${I.alice}/followers`, { max_results: '10', exclude: 'replies' })).status).toBe(400);
  });
});

describe('the fake X API answers in X current shapes, snake_case', () => {
  it('a post with its author and referenced posts', async () => {
    const answer = await get(`/2/tweets/${I.quote}`, { 'post.fields': 'created_at,public_metrics,conversation_id', expansions: 'author_id,referenced_posts', 'user.fields': 'public_metrics' });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      id: I.quote,
      text: 'Look at this',
      author_id: I.carol,
      created_at: expect.any(String),
      conversation_id: I.quote,
      referenced_posts: [{ type: 'quoted', id: I.hello }],
      public_metrics: { like_count: 0, repost_count: 0, reply_count: 0, quote_count: 0, bookmark_count: 0, impression_count: 0 },
    });
    expect(answer.body.includes.posts).toEqual([
      expect.objectContaining({ id: I.hello, author_id: I.alice, public_metrics: expect.objectContaining({ like_count: 2, repost_count: 1, reply_count: 1, quote_count: 1 }) }),
    ]);
    expect(answer.body.includes.users).toEqual([{ id: I.carol, name: 'Carol', username: 'carol', public_metrics: { followers_count: 0, following_count: 1, post_count: 2, listed_count: 1, like_count: 7, media_count: 1 } }]);
  });

  it('only the fields asked for; a user counts its posts as post_count', async () => {
    expect((await get(`/2/tweets/${I.hello}`)).body).toEqual({ data: { id: I.hello, text: 'Hello from alice #perch' } });
    const alice = await get('/2/users/by/username/alice', { 'user.fields': 'public_metrics', expansions: 'pinned_post_id' });
    expect(alice.body.data).toEqual({ id: I.alice, name: 'Alice Example', username: 'alice', pinned_post_id: I.hello, public_metrics: { followers_count: 4, following_count: 1, post_count: 3, listed_count: 1, like_count: 7, media_count: 1 } });
    expect(alice.body.includes.posts.map((post: { id: string }) => post.id)).toEqual([I.hello]);
  });

  it('what X lacks stays out: a long post in note_post without some counts, a user without counts', async () => {
    const long = await get(`/2/tweets/${I.long}`, { 'post.fields': 'note_post,public_metrics,entities' });
    expect(long.body.data.text).toHaveLength(280);
    expect(long.body.data.note_post).toEqual({ text: LONG_POST_TEXT, entities: { hashtags: [expect.objectContaining({ tag: 'wading' })] } });
    expect(long.body.data.public_metrics).toEqual({ like_count: 0, repost_count: 0, reply_count: 0, quote_count: 0 });
    const frank = await get(`/2/users/${I.frank}`, { 'user.fields': 'public_metrics,created_at' });
    expect(frank.body.data).toEqual({ id: I.frank, name: 'Frank', username: 'frank', created_at: '2020-01-02T03:04:05.000Z' });
  });

  it('pages with next_token and pagination_token; media in includes; trends; a list', async () => {
    const first = await get(`/2/users/${I.alice}/followers`, { max_results: '2' });
    expect(first.body.meta).toEqual({ result_count: 2, next_token: expect.any(String) });
    const rest = await get(`/2/users/${I.alice}/followers`, { max_results: '2', pagination_token: first.body.meta.next_token });
    expect([...first.body.data, ...rest.body.data].map((user: { id: string }) => user.id)).toEqual([I.erin, I.dan, I.carol, I.bob]);
    const media = await get(`/2/users/${I.alice}/tweets`, { expansions: 'attachments.media_keys', 'media.fields': 'url,alt_text', max_results: '5' });
    expect(media.body.includes.media).toEqual([{ media_key: '3_1', type: 'photo', url: 'https://pbs.twimg.com/media/one.jpg', alt_text: 'a bird' }]);
    expect(media.body.meta).toMatchObject({ result_count: 3, newest_id: I.media, oldest_id: I.hello });
    expect((await get('/2/trends/by/woeid/1', { 'trend.fields': 'trend_name,tweet_count' })).body).toEqual({ data: [{ trend_name: '#perch', tweet_count: 1200 }, { trend_name: 'birds' }] });
    const list = await get(`/2/lists/${I.list}`, { 'list.fields': 'member_count,follower_count', expansions: 'owner_id' });
    expect(list.body).toEqual({ data: { id: I.list, name: 'birders', member_count: 2, follower_count: 1, owner_id: I.alice }, includes: { users: [{ id: I.alice, name: 'Alice Example', username: 'alice' }] } });
  });

  it('writes as a user, in snake_case both ways', async () => {
    const { accessToken } = fake.issueUserToken(I.bob);
    const liked = await call('POST', `/2/users/${I.bob}/likes`, { token: accessToken, body: { tweet_id: I.long } });
    expect(liked.body).toEqual({ data: { liked: true } });
    const reposted = await call('POST', `/2/users/${I.bob}/retweets`, { token: accessToken, body: { tweet_id: I.long } });
    expect(reposted.body).toEqual({ data: { retweeted: true, rest_id: expect.any(String) } });
    const created = await call('POST', '/2/tweets', { token: accessToken, body: { text: 'hi', reply: { in_reply_to_tweet_id: I.long } } });
    expect(created.body).toEqual({ data: { id: expect.any(String), text: 'hi', edit_history_post_ids: [created.body.data.id] } });
    expect(fake.world.posts.find((post) => post.id === created.body.data.id)).toMatchObject({ authorId: I.bob, inReplyToUserId: I.frank, referencedPosts: [{ type: 'replied_to', id: I.long }] });
    expect((await call('POST', `/2/users/${I.alice}/likes`, { token: accessToken, body: { tweet_id: I.long } })).status).toBe(403);
    expect((await call('POST', `/2/users/${I.bob}/likes`, { body: { tweet_id: I.long } })).status).toBe(403);
  });
});

describe("X's SDK reads the fake", () => {
  it('as its own types, camelCase', async () => {
    const client = new Client({ baseUrl: fake.url, bearerToken: fake.bearerToken });
    Object.assign(client, { httpClient: new FakeHttpClient() }); // readonly in the SDK's types, a plain field at run time
    const quote = await client.posts.getById(I.quote, { postFields: ['public_metrics'], expansions: ['author_id', 'referenced_posts'], userFields: ['public_metrics'] });
    expect(quote.data).toMatchObject({ id: I.quote, authorId: I.carol, referencedPosts: [{ type: 'quoted', id: I.hello }], publicMetrics: { repostCount: 0 } });
    expect(quote.includes?.posts?.[0]).toMatchObject({ id: I.hello, publicMetrics: { repostCount: 1, likeCount: 2 } });
    const alice = await client.users.getByUsername('alice', { userFields: ['public_metrics'] });
    expect(alice.data?.publicMetrics).toMatchObject({ postCount: 3, followersCount: 4 });
    const followers = await client.users.getFollowers(I.alice, { maxResults: 3 });
    expect(followers.meta).toMatchObject({ resultCount: 3, nextToken: expect.any(String) });
    const search = await client.posts.searchRecent('alice -is:retweet', { maxResults: 10, postFields: ['note_post', 'created_at'], expansions: ['entities.mentions.username'] });
    expect(search.data?.map((post) => post.id)).toEqual([I.mention, I.reply, I.hello]);
    await expect(client.trends.getByWoeid(1, { maxTrends: 99 })).rejects.toMatchObject({ status: 400 });
  });
});

describe('faults and nonsense records', () => {
  it('answers a path with any status and X problem body', async () => {
    fake.faults.set('/2/users/by/username/bob', { kind: 'status', status: 422 });
    const answer = await get('/2/users/by/username/bob');
    fake.faults.delete('/2/users/by/username/bob');
    expect(answer).toMatchObject({ status: 422, body: { title: 'Unprocessable Entity', status: 422 } });
    fake.faults.set('/2/users/by/username/bob', { kind: 'status', status: 403, body: { title: 'Client Forbidden', reason: 'client-not-enrolled' } });
    expect(await get('/2/users/by/username/bob')).toMatchObject({ status: 403, body: { title: 'Client Forbidden', reason: 'client-not-enrolled' } });
    fake.faults.delete('/2/users/by/username/bob');
  });

  it('serves nonsense records as X would, without crashing', async () => {
    fake.world.users.push({ id: 'abc!', username: 'has spaces', name: '', publicMetrics: { followersCount: -5 } });
    fake.world.posts.push({ id: 'abc!', text: 'odd', authorId: 'abc!', publicMetrics: { likeCount: -1 } });
    fake.world.follows.push(['abc!', I.frank]);
    const user = await get('/2/users/abc!', { 'user.fields': 'public_metrics' });
    expect(user.body.data).toEqual({ id: 'abc!', name: '', username: 'has spaces', public_metrics: { followers_count: -5, following_count: 1, post_count: 1, listed_count: 0 } });
    expect((await get('/2/users/by/username/has%20spaces')).body.data.id).toBe('abc!');
    const post = await get('/2/tweets/abc!', { 'post.fields': 'public_metrics', expansions: 'author_id' });
    expect(post.body.data.public_metrics.like_count).toBe(-1);
    const search = await get('/2/tweets/search/recent', { query: 'odd OR (', max_results: '10' });
    expect(search.status).toBe(200);
    expect((await get(`/2/users/${I.frank}/followers`)).body.data.map((u: { id: string }) => u.id)).toEqual(['abc!']);
    expect(fake.unmatched).toEqual([]);
  });
});
