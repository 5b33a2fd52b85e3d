import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { PRICE, expectCharged, expectChargedPerItem, measuredCall } from '../support/api-charges';
import { expectTwoPages, expectDescending, expectNewestFirst } from '../support/api-paging';
import { expectId, expectSuccess, expectTweet, expectUser } from '../support/api-records';
import { MISSING_USERNAME, userWithMost } from '../support/api-subjects';
import { createFixtureUsers } from '../support/platform-fixtures';

// Operations 3–12: profiles, timelines and follower graphs.

let account: ApiAccount;

beforeAll(async () => {
  account = await createApiAccount({ label: 'users' });
});

afterAll(async () => {
  await expectLedgersBalanced();
});

describe('getUser', () => {
  it('returns the profile, case-insensitively and without a leading @, for 18 credits', async () => {
    const username = await userWithMost.followers();
    const answer = await measuredCall(account, 'GET', `/v2/users/@${username.toUpperCase()}`);
    expectSuccess(answer);
    expectUser(answer.body.data);
    expect(answer.body.data.username).toBe(username);
    expectCharged(answer, PRICE.profile);
    const { rows } = await getPool().query('SELECT id::text, followers_count FROM platform.users WHERE username = $1', [username]);
    expect(answer.body.data).toMatchObject({ id: rows[0].id, followers_count: rows[0].followers_count });
  });
});

describe('unknown values', () => {
  it('are null in a User, never "" or 0, whether stored as NULL or as empty text', async () => {
    const [user] = await createFixtureUsers(getPool(), 1);
    await getPool().query("UPDATE platform.users SET description = '', location = '', url = NULL, profile_image_url = '' WHERE id = $1", [user.id]);
    const answer = await account.call('GET', `/v2/users/${user.username}`);
    expectSuccess(answer);
    expectUser(answer.body.data);
    expect(answer.body.data).toMatchObject({ description: null, location: null, url: null, profile_image_url: null, profile_banner_url: null });
  });
});

describe('user timelines', () => {
  it('getUserTweets: own tweets and retweets, no replies, newest first', async () => {
    const username = await userWithMost.tweets();
    const pages = await expectTwoPages({ account, path: `/v2/users/${username}/tweets`, unit: PRICE.tweet, record: expectTweet });
    const tweets = pages.flat() as Array<{ id: string; author: { username: string }; is_reply: boolean }>;
    for (const tweet of tweets) expect(tweet).toMatchObject({ author: { username }, is_reply: false });
    expectNewestFirst(tweets.map((t) => t.id), 'latest');
  });

  it('getUserMentions: tweets whose entities mention the user', async () => {
    const username = await userWithMost.mentions();
    const pages = await expectTwoPages({ account, path: `/v2/users/${username}/mentions`, unit: PRICE.tweet, record: expectTweet });
    for (const tweet of pages.flat() as Array<{ entities: { mentions: Array<{ username: string }> } }>) {
      expect(tweet.entities.mentions.map((m) => m.username.toLowerCase())).toContain(username.toLowerCase());
    }
  });

  it('getUserReplies: the user’s tweets including replies', async () => {
    const username = await userWithMost.replies();
    const pages = await expectTwoPages({ account, path: `/v2/users/${username}/replies`, unit: PRICE.tweet, record: expectTweet, pageSize: 10 });
    const tweets = pages.flat() as Array<{ author: { username: string }; is_reply: boolean }>;
    for (const tweet of tweets) expect(tweet.author.username).toBe(username);
  });

  it('getUserMedia: only tweets with media', async () => {
    const username = await userWithMost.media();
    const pages = await expectTwoPages({ account, path: `/v2/users/${username}/media`, unit: PRICE.tweet, record: expectTweet });
    for (const tweet of pages.flat() as Array<{ media: unknown[]; author: { username: string } }>) {
      expect(tweet.author.username).toBe(username);
      expect(tweet.media.length).toBeGreaterThan(0);
    }
  });

  it('sorts popular and engagement order by likes and by the sum of interactions', async () => {
    const username = await userWithMost.tweets();
    const popular = await account.call('GET', `/v2/users/${username}/tweets`, { query: { sort: 'popular', count: 20 } });
    expectSuccess(popular);
    expectDescending(popular.body.data.map((t: { like_count: number }) => t.like_count), 'like_count');
    const engagement = await account.call('GET', `/v2/users/${username}/tweets`, { query: { sort: 'engagement', count: 20 } });
    expectSuccess(engagement);
    type Counts = { like_count: number; retweet_count: number; reply_count: number; quote_count: number };
    expectDescending(engagement.body.data.map((t: Counts) => t.like_count + t.retweet_count + t.reply_count + t.quote_count), 'engagement');
  });
});

describe('user graphs', () => {
  it('getUserFollowers: User records at 1 credit each, sortable by followers', async () => {
    const username = await userWithMost.followers();
    await expectTwoPages({ account, path: `/v2/users/${username}/followers`, unit: PRICE.follower, record: expectUser, pageSize: 5 });
    const byFollowers = await measuredCall(account, 'GET', `/v2/users/${username}/followers`, { query: { sort: 'followers', count: 50 } });
    expectSuccess(byFollowers);
    expectChargedPerItem(byFollowers, PRICE.follower);
    expectDescending(byFollowers.body.data.map((u: { followers_count: number }) => u.followers_count), 'followers_count');
    const byName = await account.call('GET', `/v2/users/${username}/followers`, { query: { sort: 'name', count: 5 } });
    expectSuccess(byName);
    // Without count a page is 20 (contract section 4).
    const defaultPage = await measuredCall(account, 'GET', `/v2/users/${username}/followers`);
    expectSuccess(defaultPage);
    expect(defaultPage.body.data).toHaveLength(20);
    expectCharged(defaultPage, 20 * PRICE.follower);
  });

  it('getUserFollowerIds: id strings at 1 credit each, the same set as the followers', async () => {
    const username = await userWithMost.followers();
    const pages = await expectTwoPages({ account, path: `/v2/users/${username}/followers-ids`, unit: PRICE.id, record: (id) => expectId(id), pageSize: 7 });
    const followers = await account.call('GET', `/v2/users/${username}/followers`, { query: { count: 14 } });
    expect(pages.flat()).toEqual(followers.body.data.map((u: { id: string }) => u.id));
    const all = await measuredCall(account, 'GET', `/v2/users/${username}/followers-ids`, { query: { count: 5000 } });
    expectSuccess(all);
    expectChargedPerItem(all, PRICE.id);
    const { rows } = await getPool().query(
      'SELECT count(*)::int AS n FROM platform.follows f JOIN platform.users u ON u.id = f.followee_id WHERE u.username = $1',
      [username],
    );
    expect(all.body.meta.result_count).toBe(rows[0].n);
    expect(all.body.meta.has_next_page).toBe(false);
    // A page that ends exactly at the last item says there is nothing more.
    const exact = await account.call('GET', `/v2/users/${username}/followers-ids`, { query: { count: rows[0].n } });
    expect(exact.body.meta).toMatchObject({ result_count: rows[0].n, has_next_page: false, next_cursor: null });
  });

  it('getUserFollowing: the accounts the user follows', async () => {
    const username = await userWithMost.following();
    await expectTwoPages({ account, path: `/v2/users/${username}/following`, unit: PRICE.follower, record: expectUser });
  });

  it('getUserVerifiedFollowers: only blue-verified followers', async () => {
    const username = await userWithMost.verifiedFollowers();
    const pages = await expectTwoPages({ account, path: `/v2/users/${username}/verified-followers`, unit: PRICE.follower, record: expectUser });
    for (const user of pages.flat() as Array<{ is_blue_verified: boolean }>) expect(user.is_blue_verified).toBe(true);
  });
});

describe('getUsersBatch', () => {
  it('returns found users in request order, each once, with not_found, at 18 per profile returned', async () => {
    const [a, b] = [await userWithMost.followers(), await userWithMost.tweets()];
    const answer = await measuredCall(account, 'POST', '/v2/users/batch', { body: { usernames: [b, MISSING_USERNAME, `@${a.toUpperCase()}`, b] } });
    expectSuccess(answer, ['not_found']);
    for (const user of answer.body.data) expectUser(user);
    const expected = a === b ? [b] : [b, a];
    expect(answer.body.data.map((u: { username: string }) => u.username)).toEqual(expected);
    expect(answer.body.meta.not_found).toEqual([MISSING_USERNAME]);
    expectCharged(answer, expected.length * PRICE.profile);
  });

  it('charges nothing when no username is found', async () => {
    const answer = await measuredCall(account, 'POST', '/v2/users/batch', { body: { usernames: [MISSING_USERNAME] } });
    expectSuccess(answer, ['not_found']);
    expect(answer.body.data).toEqual([]);
    expectCharged(answer, 0);
  });
});
