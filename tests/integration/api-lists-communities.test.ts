import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { PRICE, expectCharged, measuredCall } from '../support/api-charges';
import { expectTwoPages } from '../support/api-paging';
import { expectCommunity, expectSuccess, expectTweet, expectUser } from '../support/api-records';
import { groupWithMost } from '../support/api-subjects';

// Operations 19–24: lists and communities.

let account: ApiAccount;

beforeAll(async () => {
  account = await createApiAccount({ label: 'groups' });
});

afterAll(async () => {
  await expectLedgersBalanced();
});

async function ids(sql: string, value: string): Promise<Set<string>> {
  const { rows } = await getPool().query<{ id: string }>(sql, [value]);
  return new Set(rows.map((r) => r.id));
}

describe('lists', () => {
  it('getListTweets: tweets by the list’s members', async () => {
    const listId = await groupWithMost.listMembers();
    const members = await ids('SELECT user_id::text AS id FROM platform.list_members WHERE list_id = $1', listId);
    const pages = await expectTwoPages({ account, path: `/v2/lists/${listId}/tweets`, unit: PRICE.tweet, record: expectTweet });
    for (const tweet of pages.flat() as Array<{ author_id: string }>) expect(members.has(tweet.author_id)).toBe(true);
  });

  it('getListMembers: the members as User records at 1 credit each', async () => {
    const listId = await groupWithMost.listMembers();
    const members = await ids('SELECT user_id::text AS id FROM platform.list_members WHERE list_id = $1', listId);
    const pages = await expectTwoPages({ account, path: `/v2/lists/${listId}/members`, unit: PRICE.member, record: expectUser });
    for (const user of pages.flat() as Array<{ id: string }>) expect(members.has(user.id)).toBe(true);
  });

  it('getListSubscribers: the subscribers as User records at 1 credit each', async () => {
    const listId = await groupWithMost.listSubscribers();
    const subscribers = await ids('SELECT user_id::text AS id FROM platform.list_subscribers WHERE list_id = $1', listId);
    const pages = await expectTwoPages({ account, path: `/v2/lists/${listId}/subscribers`, unit: PRICE.member, record: expectUser, pageSize: 1 });
    for (const user of pages.flat() as Array<{ id: string }>) expect(subscribers.has(user.id)).toBe(true);
  });
});

describe('communities', () => {
  it('getCommunity: the Community record for 18 credits', async () => {
    const communityId = await groupWithMost.communityMembers();
    const answer = await measuredCall(account, 'GET', `/v2/communities/${communityId}`);
    expectSuccess(answer);
    expectCommunity(answer.body.data);
    const { rows } = await getPool().query('SELECT name, member_count, creator_id::text FROM platform.communities WHERE id = $1', [communityId]);
    expect(answer.body.data).toMatchObject({ id: communityId, name: rows[0].name, member_count: rows[0].member_count, creator: { id: rows[0].creator_id } });
    expectCharged(answer, PRICE.profile);
  });

  it('getCommunityTweets: tweets posted in the community', async () => {
    const communityId = await groupWithMost.communityTweets();
    const pages = await expectTwoPages({ account, path: `/v2/communities/${communityId}/tweets`, unit: PRICE.tweet, record: expectTweet });
    for (const tweet of pages.flat() as Array<{ community_id: string }>) expect(tweet.community_id).toBe(communityId);
  });

  it('getCommunityMembers: the members as User records at 1 credit each', async () => {
    const communityId = await groupWithMost.communityMembers();
    const members = await ids('SELECT user_id::text AS id FROM platform.community_members WHERE community_id = $1', communityId);
    const pages = await expectTwoPages({ account, path: `/v2/communities/${communityId}/members`, unit: PRICE.member, record: expectUser });
    for (const user of pages.flat() as Array<{ id: string }>) expect(members.has(user.id)).toBe(true);
    const byName = await account.call('GET', `/v2/communities/${communityId}/members`, { query: { sort: 'name' } });
    expectSuccess(byName);
  });
});
