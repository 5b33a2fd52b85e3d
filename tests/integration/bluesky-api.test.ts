import { AtpAgent } from '@atproto/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBlueskyAccount } from '@/lib/admin/connect-bluesky';
import { OPERATIONS } from '@/lib/api/registry';
import { BLUESKY_LACKS } from '@/lib/platform/bluesky/reads';
import { BLUESKY_SYNTAX } from '@/lib/platform/bluesky/syntax';
import { setServedPlatforms, type ServedPlatforms } from '@/lib/platform/served-platforms';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { expectCharged, expectChargedPerItem, expectNothingCharged, measuredCall, PRICE } from '../support/api-charges';
import { expectError, expectSuccess } from '../support/api-records';
import { startAtprotoNetwork, type AtprotoNetwork } from '../support/atproto-network';
import { blueskyPlatforms, createAppPassword, seedBlueskyWorld, type BlueskyWorld } from '../support/bluesky-world';
import { describePlatformContract, type ContractSubjects } from '../support/platform-contract';

// Perch's /v2 with Bluesky as the default platform, against a real local AT Protocol network
// (PLC, PDS, AppView from @atproto/dev-env) whose data was written through its own seed client.

let atproto: AtprotoNetwork;
let world: BlueskyWorld;
let served: ServedPlatforms;
let account: ApiAccount;

beforeAll(async () => {
  atproto = await startAtprotoNetwork();
  world = await seedBlueskyWorld(atproto);
  served = blueskyPlatforms(atproto);
  setServedPlatforms(served);
  account = await createApiAccount({ label: 'bluesky' });
});

afterAll(async () => {
  setServedPlatforms(null);
  await atproto?.stop();
  await expectLedgersBalanced();
});

describePlatformContract(
  'bluesky',
  () =>
    ({
      account,
      syntax: BLUESKY_SYNTAX,
      username: world.handles.alice,
      tweetId: world.posts.hello,
      missingUsername: 'nobody.test',
      missingTweetId: `${world.dids.alice}~3zzzzzzzzzzzz`,
      badUsername: 'not a handle',
      badTweetId: '12345',
      unavailablePath: `/v2/communities/${world.dids.alice}~perch/members`,
    }) satisfies ContractSubjects,
);

describe('Bluesky users', () => {
  it('maps a profile: what Bluesky has is filled, what it lacks is null', async () => {
    const answer = await measuredCall(account, 'GET', `/v2/users/@${world.handles.alice.toUpperCase()}`);
    expectSuccess(answer);
    expect(answer.body.data).toMatchObject({
      id: world.dids.alice,
      username: world.handles.alice,
      name: 'Alice Example',
      description: 'Writes about #perch and birds',
      location: null,
      url: null,
      followers_count: 4,
      following_count: 1,
      tweet_count: 3,
      like_count: null,
      media_count: null,
      listed_count: null,
      protected: false,
    });
    expectCharged(answer, PRICE.profile);
    const byDid = await account.call('GET', `/v2/users/${world.dids.alice}`);
    expect(byDid.body.data.username).toBe(world.handles.alice);
  });

  it('batches handles and DIDs in request order, each user once, the rest in not_found', async () => {
    const usernames = [world.handles.bob, world.dids.alice, 'ghost.test', `@${world.handles.bob}`, world.dids.carol];
    const answer = await measuredCall(account, 'POST', '/v2/users/batch', { body: { usernames } });
    expectSuccess(answer, ['not_found']);
    expect(answer.body.data.map((user: { id: string }) => user.id)).toEqual([world.dids.bob, world.dids.alice, world.dids.carol]);
    expect(answer.body.meta.not_found).toEqual(['ghost.test']);
    expectCharged(answer, 3 * PRICE.profile);
  });

  it('timelines: own posts and reposts without replies; with replies; with media', async () => {
    const tweets = await account.call('GET', `/v2/users/${world.handles.bob}/tweets`);
    expectSuccess(tweets);
    expect(tweets.body.data.map((t: { id: string }) => t.id)).not.toContain(world.posts.reply);
    const replies = await account.call('GET', `/v2/users/${world.handles.bob}/replies`);
    expect(replies.body.data.map((t: { id: string }) => t.id)).toContain(world.posts.reply);
    const reply = replies.body.data.find((t: { id: string }) => t.id === world.posts.reply);
    expect(reply).toMatchObject({ is_reply: true, in_reply_to: { tweet_id: world.posts.hello, user_id: world.dids.alice }, conversation_id: world.posts.hello });
    const media = await account.call('GET', `/v2/users/${world.handles.alice}/media`);
    expect(media.body.data.map((t: { id: string }) => t.id)).toEqual([world.posts.media]);
    expect(media.body.data[0].media).toHaveLength(1);
    expect(media.body.data[0].media[0]).toMatchObject({ type: 'photo', duration_ms: null });
    const erin = await account.call('GET', `/v2/users/${world.handles.erin}/tweets`);
    const repost = erin.body.data.find((t: { is_retweet: boolean }) => t.is_retweet);
    expect(repost).toMatchObject({ author_id: world.dids.erin, retweeted_tweet: { id: world.posts.hello, author_id: world.dids.alice } });
  });

  it('mentions: posts that mention the user (the test AppView searches by LIKE on the text)', async () => {
    const answer = await measuredCall(account, 'GET', `/v2/users/${world.handles.alice}/mentions`);
    expectSuccess(answer);
    expect(answer.body.data.map((t: { id: string }) => t.id)).toEqual([world.posts.mention]);
    expect(answer.body.data[0].entities.mentions).toEqual([{ id: world.dids.alice, username: world.handles.alice, start: 4, end: 15 }]);
    expectChargedPerItem(answer, PRICE.tweet);
  });

  it('following, follower ids, sorts by followers and name over the upstream pages', async () => {
    const following = await account.call('GET', `/v2/users/${world.handles.alice}/following`);
    expect(following.body.data.map((u: { id: string }) => u.id)).toEqual([world.dids.bob]);
    const byName = await account.call('GET', `/v2/users/${world.handles.alice}/followers`, { query: { sort: 'name', count: 2 } });
    expectSuccess(byName);
    const names = byName.body.data.map((u: { name: string | null; username: string }) => (u.name ?? u.username).toLowerCase());
    expect(names).toEqual([...names].sort());
    const rest = await account.call('GET', `/v2/users/${world.handles.alice}/followers`, { query: { sort: 'name', count: 10, cursor: byName.body.meta.next_cursor } });
    const all = [...byName.body.data, ...rest.body.data].map((u: { id: string }) => u.id);
    expect([...all].sort()).toEqual([...world.aliceFollowers].sort());
    const verified = await measuredCall(account, 'GET', `/v2/users/${world.handles.alice}/verified-followers`);
    expectSuccess(verified);
    expect(verified.body.data).toEqual([]); // nobody on this network holds a verification
    expectCharged(verified, 0);
  });
});

describe('Bluesky posts', () => {
  it('a post with its counts, entities and url; a quote with the quoted post inside', async () => {
    const hello = await account.call('GET', `/v2/tweets/${world.posts.hello}`);
    expect(hello.body.data).toMatchObject({
      text: 'hello from alice #perch',
      like_count: 3,
      retweet_count: 1,
      reply_count: 1,
      quote_count: 1,
      view_count: null,
      community_id: null,
    });
    expect(hello.body.data.url).toBe(`https://bsky.app/profile/${world.dids.alice}/post/${world.posts.hello.split('~')[1]}`);
    const quote = await account.call('GET', `/v2/tweets/${world.posts.quote}`);
    expect(quote.body.data).toMatchObject({ is_quote: true, quoted_tweet: { id: world.posts.hello, quoted_tweet: null } });
  });

  it('conversation, quotes, retweeters and likers', async () => {
    const conversation = await measuredCall(account, 'GET', `/v2/tweets/${world.posts.hello}/conversation`);
    expectSuccess(conversation);
    expect(conversation.body.data.map((t: { id: string }) => t.id).sort()).toEqual([world.posts.reply, world.posts.nested].sort());
    expectChargedPerItem(conversation, PRICE.tweet);
    const quotes = await account.call('GET', `/v2/tweets/${world.posts.hello}/quotes`);
    expect(quotes.body.data.map((t: { id: string }) => t.id)).toEqual([world.posts.quote]);
    const retweeters = await account.call('GET', `/v2/tweets/${world.posts.hello}/retweeters`);
    expect(retweeters.body.data.map((u: { id: string }) => u.id)).toEqual([world.dids.erin]);
    const likers = await account.call('GET', `/v2/tweets/${world.posts.hello}/likers`, { query: { sort: 'followers' } });
    expect(likers.body.data.map((u: { id: string }) => u.id).sort()).toEqual([world.dids.bob, world.dids.carol, world.dids.dan].sort());
  });

  it('ids from responses, at:// URIs and bsky.app URLs all work in batches', async () => {
    const [did, rkey] = world.posts.second.split('~');
    const ids = [world.posts.hello, `at://${did}/app.bsky.feed.post/${rkey}`, `https://bsky.app/profile/${world.handles.alice}/post/${world.posts.quote.split('~')[1]}`];
    const answer = await account.call('POST', '/v2/tweets/batch', { body: { ids } });
    expectSuccess(answer, ['not_found']);
    // The URL names alice but the quote is carol's: it is another post, which does not exist
    // (not_found names it as the id the reference stands for, as on the embedded platform).
    expect(answer.body.data.map((t: { id: string }) => t.id)).toEqual([world.posts.hello, world.posts.second]);
    expect(answer.body.meta.not_found).toEqual([`${world.handles.alice}~${world.posts.quote.split('~')[1]}`]);
  });

  it('search: the query, then min_likes and replies filtered by Perch over the pages (the test AppView searches by LIKE)', async () => {
    const all = await measuredCall(account, 'POST', '/v2/search', { body: { query: 'alice' } });
    expectSuccess(all);
    const ids = all.body.data.map((t: { id: string }) => t.id);
    expect(ids).toEqual(expect.arrayContaining([world.posts.hello, world.posts.second, world.posts.media, world.posts.reply]));
    expectChargedPerItem(all, PRICE.tweet);
    const liked = await account.call('POST', '/v2/search', { body: { query: 'alice', min_likes: 1 } });
    expect(liked.body.data.map((t: { id: string }) => t.id).sort()).toEqual([world.posts.hello, world.posts.second].sort());
    const noReplies = await account.call('POST', '/v2/search', { body: { query: 'alice', include_replies: false } });
    expect(noReplies.body.data.some((t: { is_reply: boolean }) => t.is_reply)).toBe(false);
    const popular = await account.call('POST', '/v2/search', { body: { query: 'alice', sort: 'popular', count: 1 } });
    expect(popular.body.data.map((t: { id: string }) => t.id)).toEqual([world.posts.hello]);
    const people = await account.call('POST', '/v2/search/users', { body: { query: 'alice' } });
    expect(people.body.data.map((u: { id: string }) => u.id)).toContain(world.dids.alice);
  });

  it('a list: its posts and members; subscribers are unavailable and charge nothing', async () => {
    const members = await account.call('GET', `/v2/lists/${world.list}/members`);
    expect(members.body.data.map((u: { id: string }) => u.id).sort()).toEqual([world.dids.bob, world.dids.carol].sort());
    const tweets = await account.call('GET', `/v2/lists/${world.list}/tweets`);
    expectSuccess(tweets);
    expect(tweets.body.data.map((t: { author_id: string }) => t.author_id)).toEqual(expect.arrayContaining([world.dids.bob, world.dids.carol]));
    const subscribers = await measuredCall(account, 'GET', `/v2/lists/${world.list}/subscribers`);
    expectError(subscribers, 503, 'unavailable');
    expect(subscribers.body.error.message).toMatch(/Bluesky.*list subscribers/);
    expectNothingCharged(subscribers);
  });

  it('checks: follow relationships, likes with their time, reposts and quotes', async () => {
    const follow = await measuredCall(account, 'GET', '/v2/users/check-follow', { query: { source: world.handles.bob, target: world.handles.alice } });
    expectSuccess(follow);
    expect(follow.body.data).toEqual({
      source: { id: world.dids.bob, username: world.handles.bob },
      target: { id: world.dids.alice, username: world.handles.alice },
      following: true,
      followed_by: true,
    });
    expectCharged(follow, PRICE.check);
    const like = await account.call('GET', `/v2/tweets/${world.posts.hello}/check-like`, { query: { username: world.handles.dan } });
    expect(like.body.data).toMatchObject({ tweet_id: world.posts.hello, liked: true });
    expect(Date.parse(like.body.data.liked_at)).toBeGreaterThan(0);
    const noLike = await account.call('GET', `/v2/tweets/${world.posts.hello}/check-like`, { query: { username: world.handles.erin } });
    expect(noLike.body.data).toMatchObject({ liked: false, liked_at: null });
    const retweet = await account.call('GET', `/v2/tweets/${world.posts.hello}/check-retweet`, { query: { username: world.handles.carol } });
    expect(retweet.body.data).toMatchObject({ retweeted: false, quoted: true, quote_tweet_ids: [world.posts.quote] });
  });

  it('trends: Worldwide needs a topics service, which the test network has not (503); countries are unavailable', async () => {
    const country = await measuredCall(account, 'GET', '/v2/trending', { query: { country: 'JP' } });
    expectError(country, 503, 'unavailable');
    expect(country.body.error.message).toMatch(/Bluesky.*trends per country/);
    expectNothingCharged(country);
    const worldwide = await measuredCall(account, 'GET', '/v2/trending');
    if (worldwide.status === 200) {
      expect(worldwide.body.data).toMatchObject({ country: 'Worldwide', woeid: 1 });
      expectCharged(worldwide, PRICE.trending);
    } else {
      expectError(worldwide, 503, 'unavailable');
      expectNothingCharged(worldwide);
    }
  });
});

describe('operations Bluesky does not have', () => {
  it('answer 503 unavailable before their inputs are read: ids of any syntax, bad queries, nothing charged', async () => {
    const lacking = OPERATIONS.filter((operation) => operation.id in BLUESKY_LACKS);
    expect(lacking.map((operation) => operation.id).sort()).toEqual(['getCommunity', 'getCommunityMembers', 'getCommunityTweets', 'getListSubscribers']);
    for (const operation of lacking) {
      // '1' is an embedded-platform id and no Bluesky one: without the early 503 it was a 400.
      for (const [id, query] of [
        ['1', {}],
        [`${world.dids.alice}~perch`, {}],
        ['not an id', { count: '0', sort: 'nonsense' }],
      ] as const) {
        const path = operation.path.replace(/\{\w+\}/g, encodeURIComponent(id));
        const answer = await measuredCall(account, operation.method, path, { query });
        expectError(answer, 503, 'unavailable');
        expect(answer.body.error.message).toBe(BLUESKY_LACKS[operation.id as keyof typeof BLUESKY_LACKS]);
        expectNothingCharged(answer);
      }
    }
    // Operations Bluesky has still check ids in its syntax first.
    expectError(await account.call('GET', '/v2/lists/1/members'), 400, 'invalid_request');
  });
});

describe('platform selection', () => {
  it('/v2/account lists the platforms; Perch-Platform picks one per request; unknown or unserved ones are a 400', async () => {
    const me = await account.call('GET', '/v2/account');
    expect(me.body.data.platforms).toEqual({ default: 'bluesky', available: ['bluesky', 'local'], current: 'bluesky' });
    const local = await account.call('GET', '/v2/account', { headers: { 'Perch-Platform': 'local' } });
    expect(local.body.data.platforms.current).toBe('local');
    const localBad = await account.call('GET', `/v2/users/${world.handles.alice}`, { headers: { 'Perch-Platform': 'local' } });
    expectError(localBad, 400, 'invalid_request');
    const x = await measuredCall(account, 'GET', '/v2/account', { headers: { 'Perch-Platform': 'x' } });
    expectError(x, 400, 'invalid_request');
    expect(x.body.error.message).toMatch(/serves bluesky, local/);
    const bogus = await account.call('GET', '/v2/account', { headers: { 'Perch-Platform': 'myspace' } });
    expectError(bogus, 400, 'invalid_request');
  });

  it('a cursor from one platform is refused on another', async () => {
    const first = await account.call('GET', `/v2/users/${world.handles.alice}/followers-ids`, { query: { count: 1 } });
    expectSuccess(first);
    const local = await account.call('GET', `/v2/users/${world.handles.alice}/followers-ids`, {
      query: { count: 1, cursor: first.body.meta.next_cursor },
      headers: { 'Perch-Platform': 'local' },
    });
    expectError(local, 400, 'invalid_request');
  });

  it('writes need a connected Bluesky account: 403 account_not_connected, nothing charged', async () => {
    const answer = await measuredCall(account, 'POST', '/v2/tweets/create', { body: { text: 'hello' } });
    expectError(answer, 403, 'account_not_connected');
    expectNothingCharged(answer);
  });
});

describe('Bluesky writes through /v2 as the connected account', () => {
  it('connecting checks the app password; writes then appear on the network and charge 100 each', async () => {
    const writer = await createApiAccount({ label: 'bluesky-writer' });
    await expect(connectBlueskyAccount(writer.userId, world.handles.dan, 'wrong-password', atproto.pdsUrl)).rejects.toThrow(/refused/);
    expect((await connectBlueskyAccount(writer.userId, world.handles.dan, await createAppPassword(atproto, world.handles.dan, world.passwords.dan), atproto.pdsUrl)).handle).toBe(world.handles.dan);
    const me = await writer.call('GET', '/v2/account');
    expect(me.body.data.connected_account).toEqual({ username: world.handles.dan });
    expect((await writer.call('GET', '/v2/account', { headers: { 'Perch-Platform': 'local' } })).body.data.connected_account).toBeNull();

    const created = await measuredCall(writer, 'POST', '/v2/tweets/create', { body: { text: 'dan posts through Perch' }, headers: { 'Idempotency-Key': 'dan-1' } });
    expectSuccess(created);
    expectCharged(created, PRICE.write);
    expect(created.body.data).toMatchObject({ author_id: world.dids.dan, text: 'dan posts through Perch' });
    const replayed = await measuredCall(writer, 'POST', '/v2/tweets/create', { body: { text: 'dan posts through Perch' }, headers: { 'Idempotency-Key': 'dan-1' } });
    expect(replayed.body.data.id).toBe(created.body.data.id);
    expectCharged(replayed, 0);
    const reply = await measuredCall(writer, 'POST', '/v2/tweets/reply', {
      body: { tweet_id: `https://bsky.app/profile/${world.dids.alice}/post/${world.posts.second.split('~')[1]}`, text: 'dan replies' },
    });
    expect(reply.body.data).toMatchObject({ is_reply: true, in_reply_to: { tweet_id: world.posts.second } });
    const like = await measuredCall(writer, 'POST', `/v2/tweets/${world.posts.media}/like`);
    expect(like.body.data).toEqual({ tweet_id: world.posts.media, liked: true });
    expect(like.body.meta.changed).toBe(true);
    expectCharged(like, PRICE.write);
    const follow = await writer.call('POST', `/v2/users/${world.handles.erin}/follow`);
    expect(follow.body.data).toEqual({ username: world.handles.erin, following: true });
    const notMine = await measuredCall(writer, 'DELETE', `/v2/tweets/${world.posts.hello}`);
    expectError(notMine, 403, 'forbidden');
    expectNothingCharged(notMine);
    await atproto.network.processAll();

    const onNetwork = await atproto.network.bsky.getClient().app.bsky.feed.getAuthorFeed({ actor: world.dids.dan, filter: 'posts_with_replies' });
    expect(onNetwork.data.feed.map((item) => item.post.uri.split('/').pop())).toEqual(
      expect.arrayContaining([created.body.data.id.split('~')[1], reply.body.data.id.split('~')[1]]),
    );
    const likers = await writer.call('GET', `/v2/tweets/${world.posts.media}/likers`);
    expect(likers.body.data.map((u: { id: string }) => u.id)).toContain(world.dids.dan);
    const deleted = await measuredCall(writer, 'DELETE', `/v2/tweets/${created.body.data.id}`);
    expect(deleted.body.data).toEqual({ id: created.body.data.id, deleted: true });
    expectCharged(deleted, PRICE.write);
  });
});

describe('Bluesky writes (the adapter, as an account logged in with its password)', () => {
  it('create, reply, quote, like, repost, follow and their undos appear on the network; repeats are idempotent', async () => {
    const platform = served.byName.get('bluesky')!;
    const actor = {
      id: world.dids.erin,
      username: world.handles.erin,
      credential: { kind: 'app_password' as const, identifier: world.handles.erin, password: world.passwords.erin },
    };
    const created = await platform.createTweet(actor, { text: 'erin writes through Perch #perch' });
    expect(created).toMatchObject({ author_id: world.dids.erin, text: 'erin writes through Perch #perch', entities: { hashtags: [{ tag: 'perch' }] } });
    const reply = await platform.createTweet(actor, { text: 'erin replies', in_reply_to_tweet_id: world.posts.reply });
    expect(reply).toMatchObject({ is_reply: true, in_reply_to: { tweet_id: world.posts.reply }, conversation_id: world.posts.hello });
    const quote = await platform.createTweet(actor, { text: 'erin quotes', quoted_tweet_id: world.posts.second });
    expect(quote).toMatchObject({ is_quote: true, quoted_tweet: { id: world.posts.second } });
    expect(await platform.likeTweet(actor, world.posts.second)).toEqual({ tweet_id: world.posts.second, liked: true, changed: true });
    expect(await platform.likeTweet(actor, world.posts.second)).toEqual({ tweet_id: world.posts.second, liked: true, changed: false });
    const repost = await platform.retweet(actor, world.posts.second);
    expect(repost.changed).toBe(true);
    expect(await platform.retweet(actor, world.posts.second)).toEqual({ ...repost, changed: false });
    expect(await platform.follow(actor, world.handles.carol)).toEqual({ username: world.handles.carol, following: true, changed: true });
    expect((await platform.follow(actor, world.handles.carol)).changed).toBe(false);
    await atproto.network.processAll();

    const read = await account.call('GET', `/v2/tweets/${created.id}`);
    expect(read.body.data).toMatchObject({ id: created.id, text: created.text });
    const second = await account.call('GET', `/v2/tweets/${world.posts.second}`);
    expect(second.body.data).toMatchObject({ like_count: 2, retweet_count: 1, quote_count: 1 });
    const check = await account.call('GET', '/v2/users/check-follow', { query: { source: world.handles.erin, target: world.handles.carol } });
    expect(check.body.data.following).toBe(true);
    const carol = await account.call('GET', `/v2/users/${world.handles.carol}`);
    expect(carol.body.data.followers_count).toBe(1);

    expect(await platform.unlikeTweet(actor, world.posts.second)).toEqual({ tweet_id: world.posts.second, liked: false, changed: true });
    expect(await platform.unretweet(actor, world.posts.second)).toEqual({ tweet_id: world.posts.second, retweeted: false, changed: true });
    expect(await platform.unfollow(actor, world.handles.carol)).toEqual({ username: world.handles.carol, following: false, changed: true });
    expect((await platform.unlikeTweet(actor, world.posts.second)).changed).toBe(false);
    await expect(platform.deleteTweet(actor, world.posts.hello)).rejects.toThrow(/only your own/);
    expect(await platform.deleteTweet(actor, created.id)).toEqual({ id: created.id, deleted: true });
    await atproto.network.processAll();
    const after = await account.call('GET', `/v2/tweets/${world.posts.second}`);
    expect(after.body.data).toMatchObject({ like_count: 1, retweet_count: 0 });
    expectError(await account.call('GET', `/v2/tweets/${created.id}`), 404, 'not_found');
  });
});

describe('Bluesky like, repost and follow repeats through /v2, with the upstream cache on', () => {
  // A deployment caches upstream reads (PERCH_UPSTREAM_CACHE_SECONDS): what a write decides on
  // must still be what the network holds now, so a repeat finds its record, writes nothing and
  // charges nothing, and an undo sees the record the previous call wrote.
  let writer: ApiAccount;
  let carol: AtpAgent;

  /** carol's records of a collection whose subject is `subject` (a post's AT-URI or a DID), as her PDS lists them. */
  async function carolsRecords(collection: string, subject: string): Promise<string[]> {
    const uris: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await carol.com.atproto.repo.listRecords({ repo: world.dids.carol, collection, limit: 100, cursor });
      for (const record of page.data.records) {
        const value = record.value as { subject?: string | { uri?: string } };
        if ((typeof value.subject === 'string' ? value.subject : value.subject?.uri) === subject) uris.push(record.uri);
      }
      cursor = page.data.records.length > 0 ? page.data.cursor : undefined;
    } while (cursor);
    return uris;
  }

  function postUri(id: string): string {
    const [did, rkey] = id.split('~');
    return `at://${did}/app.bsky.feed.post/${rkey}`;
  }

  beforeAll(async () => {
    setServedPlatforms(blueskyPlatforms(atproto, { cacheTtlSeconds: 600 }));
    writer = await createApiAccount({ label: 'bluesky-toggles' });
    await connectBlueskyAccount(writer.userId, world.handles.carol, await createAppPassword(atproto, world.handles.carol, world.passwords.carol), atproto.pdsUrl);
    carol = new AtpAgent({ service: atproto.pdsUrl });
    await carol.login({ identifier: world.handles.carol, password: world.passwords.carol });
  });

  afterAll(() => {
    setServedPlatforms(served);
  });

  const toggles = [
    { name: 'like', on: ['POST', () => `/v2/tweets/${world.posts.media}/like`], collection: 'app.bsky.feed.like', subject: () => postUri(world.posts.media) },
    { name: 'repost', on: ['POST', () => `/v2/tweets/${world.posts.media}/retweet`], collection: 'app.bsky.feed.repost', subject: () => postUri(world.posts.media) },
    { name: 'follow', on: ['POST', () => `/v2/users/${world.handles.dan}/follow`], collection: 'app.bsky.graph.follow', subject: () => world.dids.dan },
  ] as const;

  for (const toggle of toggles) {
    it(`${toggle.name}: the repeat changes nothing and charges 0, one record in the repo; its undo likewise`, async () => {
      const path = toggle.on[1]();
      // Reads fill the cache first: the post (and its author) as the AppView has them before the write.
      expectSuccess(await writer.call('GET', `/v2/tweets/${world.posts.media}`));
      expectSuccess(await writer.call('GET', `/v2/users/${world.handles.dan}`));
      expect(await carolsRecords(toggle.collection, toggle.subject())).toEqual([]);

      const first = await measuredCall(writer, 'POST', path);
      expectSuccess(first, ['changed']);
      expect(first.body.meta.changed).toBe(true);
      expectCharged(first, PRICE.write);
      const records = await carolsRecords(toggle.collection, toggle.subject());
      expect(records).toHaveLength(1);
      await atproto.network.processAll();

      for (let repeat = 0; repeat < 2; repeat += 1) {
        const again = await measuredCall(writer, 'POST', path);
        expectSuccess(again, ['changed']);
        expect(again.body.data).toEqual(first.body.data);
        expect(again.body.meta).toMatchObject({ changed: false, credits_charged: 0 });
        expect(again.body.meta.cached).not.toBe(true);
        expectCharged(again, 0);
      }
      expect(await carolsRecords(toggle.collection, toggle.subject())).toEqual(records);

      // The undo, right after (the AppView may not have seen anything yet), then repeated.
      const undo = await measuredCall(writer, 'DELETE', path);
      expectSuccess(undo, ['changed']);
      expect(undo.body.meta.changed).toBe(true);
      expectCharged(undo, PRICE.write);
      expect(await carolsRecords(toggle.collection, toggle.subject())).toEqual([]);
      const undoAgain = await measuredCall(writer, 'DELETE', path);
      expect(undoAgain.body.meta).toMatchObject({ changed: false, credits_charged: 0 });
      expectCharged(undoAgain, 0);

      // And on again: a new record, charged, though the cache still holds the answers from before.
      const again = await measuredCall(writer, 'POST', path);
      expect(again.body.meta.changed).toBe(true);
      expectCharged(again, PRICE.write);
      expect(await carolsRecords(toggle.collection, toggle.subject())).toHaveLength(1);
    });
  }

  it('two likes sent at once write one record and charge once', async () => {
    const path = `/v2/tweets/${world.posts.second}/like`;
    const before = await writer.balance();
    const answers = await Promise.all([writer.call('POST', path), writer.call('POST', path)]);
    for (const answer of answers) expectSuccess(answer, ['changed']);
    expect(answers.map((answer) => answer.body.meta.changed).sort()).toEqual([false, true]);
    expect(before - (await writer.balance())).toBe(PRICE.write);
    expect(await carolsRecords('app.bsky.feed.like', postUri(world.posts.second))).toHaveLength(1);
  });

  it('a like older than the 100 newest is found through the AppView: the repeat writes nothing', async () => {
    // bob posts 101 times; carol likes the first, then the other 100 (one applyWrites call each).
    const bob = new AtpAgent({ service: atproto.pdsUrl });
    await bob.login({ identifier: world.handles.bob, password: world.passwords.bob });
    const now = Date.now();
    const posts = await bob.com.atproto.repo.applyWrites({
      repo: world.dids.bob,
      writes: Array.from({ length: 101 }, (_, i) => ({
        $type: 'com.atproto.repo.applyWrites#create' as const,
        collection: 'app.bsky.feed.post',
        value: { $type: 'app.bsky.feed.post', text: `filler ${i}`, createdAt: new Date(now + i).toISOString() },
      })),
    });
    const refs = (posts.data.results ?? []).map((result) => result as { uri: string; cid: string });
    expect(refs).toHaveLength(101);
    const like = (ref: { uri: string; cid: string }, i: number) => ({
      $type: 'com.atproto.repo.applyWrites#create' as const,
      collection: 'app.bsky.feed.like',
      value: { $type: 'app.bsky.feed.like', subject: { uri: ref.uri, cid: ref.cid }, createdAt: new Date(now + i).toISOString() },
    });
    await carol.com.atproto.repo.applyWrites({ repo: world.dids.carol, writes: [like(refs[0], 0)] });
    await carol.com.atproto.repo.applyWrites({ repo: world.dids.carol, writes: refs.slice(1).map((ref, i) => like(ref, i + 1)) });
    await atproto.network.processAll();
    const oldest = refs[0].uri;
    const newest = await carol.com.atproto.repo.listRecords({ repo: world.dids.carol, collection: 'app.bsky.feed.like', limit: 100 });
    expect(newest.data.records.some((record) => (record.value as { subject: { uri: string } }).subject.uri === oldest)).toBe(false);

    const id = `${world.dids.bob}~${oldest.split('/').pop()}`;
    const repeat = await measuredCall(writer, 'POST', `/v2/tweets/${id}/like`);
    expectSuccess(repeat, ['changed']);
    expect(repeat.body.meta.changed).toBe(false);
    expectCharged(repeat, 0);
    expect(await carolsRecords('app.bsky.feed.like', oldest)).toHaveLength(1);
    const undo = await measuredCall(writer, 'DELETE', `/v2/tweets/${id}/like`);
    expect(undo.body.meta.changed).toBe(true);
    expect(await carolsRecords('app.bsky.feed.like', oldest)).toEqual([]);
  });
});

describe('Bluesky posts written through Perch carry their language', () => {
  it('langs on the record from the text; none when it is too short to tell', async () => {
    const platform = served.byName.get('bluesky')!;
    const actor = { id: world.dids.bob, username: world.handles.bob, credential: { kind: 'app_password' as const, identifier: world.handles.bob, password: world.passwords.bob } };
    const english = await platform.createTweet(actor, { text: 'Just finished my morning run and feeling great' });
    expect(english.lang).toBe('en');
    const japanese = await platform.createTweet(actor, { text: '明日から新しい仕事が始まります' });
    expect(japanese.lang).toBe('ja');
    const short = await platform.createTweet(actor, { text: 'ok' });
    expect(short.lang).toBeNull();
    const bob = new AtpAgent({ service: atproto.pdsUrl });
    const record = async (id: string) =>
      (await bob.com.atproto.repo.getRecord({ repo: world.dids.bob, collection: 'app.bsky.feed.post', rkey: id.split('~')[1] })).data.value as { langs?: string[] };
    expect((await record(english.id)).langs).toEqual(['en']);
    expect((await record(japanese.id)).langs).toEqual(['ja']);
    expect((await record(short.id)).langs).toBeUndefined();
  });
});
