import { describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { localPlatform as platform } from '@/lib/platform/local';
import { CommunitySchema } from '@/lib/platform/records';
import type { Page, User, UserPageRequest } from '@/lib/platform/types';
import { selectIds, useReadFixture } from '../support/platform-read-fixture';
import { TWEET_SORTS, USER_SORTS, tweetSortSql, userSortSql, walkPages } from '../support/walk-pages';

const fx = useReadFixture();
const pool = () => getPool();


describe('getListTweets', () => {
  it.each(TWEET_SORTS)('pages through the members\' tweets exactly once in %s order', async (sort) => {
    const want = await selectIds(
      `SELECT t.id::text AS id FROM platform.tweets t
       WHERE t.author_id IN (SELECT user_id FROM platform.list_members WHERE list_id = $1) ORDER BY ${tweetSortSql(sort)}`,
      [fx.listId],
    );
    expect(want.length).toBeGreaterThan(10);
    for (const count of [1, 4, 1000]) {
      const got = await walkPages(count, (after) => platform.getListTweets(fx.listId, { count, after, sort }));
      expect(got.map((t) => t.id)).toEqual(want);
    }
  });

  it('holds no tweets of non-members', async () => {
    const { items } = await platform.getListTweets(fx.listId, { count: 1000 });
    const members = new Set([fx.users.rdx_bob, fx.users.rdx_carol, fx.users.rdx_dave, fx.users.rdx_malice]);
    expect(items.every((t) => members.has(t.author_id))).toBe(true);
  });

  it('is empty for a list without members and 404s a missing list', async () => {
    expect(await platform.getListTweets(fx.emptyListId, { count: 20 })).toEqual({ items: [], next: null });
    await expect(platform.getListTweets('1', { count: 20 })).rejects.toMatchObject({ kind: 'list' });
    await expect(platform.getListTweets('99999999999999999999', { count: 20 })).rejects.toMatchObject({ kind: 'list' });
  });
});

type UserList = (id: string, page: UserPageRequest) => Promise<Page<User>>;

const MEMBER_LISTS: Array<{ name: string; read: UserList; from: string; id: () => string; kind: string }> = [
  { name: 'getListMembers', read: platform.getListMembers, from: 'platform.list_members e JOIN platform.users u ON u.id = e.user_id WHERE e.list_id = $1', id: () => fx.listId, kind: 'list' },
  {
    name: 'getListSubscribers',
    read: platform.getListSubscribers,
    from: 'platform.list_subscribers e JOIN platform.users u ON u.id = e.user_id WHERE e.list_id = $1',
    id: () => fx.listId,
    kind: 'list',
  },
  {
    name: 'getCommunityMembers',
    read: platform.getCommunityMembers,
    from: 'platform.community_members e JOIN platform.users u ON u.id = e.user_id WHERE e.community_id = $1',
    id: () => fx.communityId,
    kind: 'community',
  },
];

describe.each(MEMBER_LISTS)('$name', ({ read, from, id, kind }) => {
  it.each(USER_SORTS)('pages through every user exactly once in %s order', async (sort) => {
    const want = await selectIds(`SELECT u.id::text AS id FROM ${from} ORDER BY ${userSortSql(sort, 'e.id')}`, [id()]);
    expect(want.length).toBeGreaterThan(3);
    const got = await walkPages(3, (after) => read(id(), { count: 3, after, sort }));
    expect(got.map((u) => u.id)).toEqual(want);
  });

  it(`404s a missing ${kind}`, async () => {
    await expect(read('1', { count: 5 })).rejects.toMatchObject({ kind });
  });
});

describe('getCommunity', () => {
  it('returns the community with its creator summary and rules', async () => {
    const community = await platform.getCommunity(fx.communityId);
    expect(CommunitySchema.strict().parse(community)).toEqual(community);
    expect(community).toMatchObject({ id: fx.communityId, name: 'rdx tea club', description: 'Tea lovers', member_count: 7, rules: ['Be kind', 'No spam'] });
    expect(community.creator).toMatchObject({ id: fx.users.rdx_Alice, username: 'rdx_Alice', verified_type: 'blue', followers_count: 900 });
  });

  it('404s a missing community', async () => {
    await expect(platform.getCommunity('1')).rejects.toMatchObject({ kind: 'community' });
    await expect(platform.getCommunity('abc')).rejects.toMatchObject({ kind: 'community' });
  });
});

describe('getCommunityTweets', () => {
  it.each(TWEET_SORTS)('pages through the community\'s tweets exactly once in %s order', async (sort) => {
    const want = await selectIds(`SELECT t.id::text AS id FROM platform.tweets t WHERE t.community_id = $1 ORDER BY ${tweetSortSql(sort)}`, [fx.communityId]);
    expect(want.length).toBeGreaterThan(5);
    const got = await walkPages(2, (after) => platform.getCommunityTweets(fx.communityId, { count: 2, after, sort }));
    expect(got.map((t) => t.id)).toEqual(want);
    expect(got.every((t) => t.community_id === fx.communityId)).toBe(true);
  });

  it('404s a missing community', async () => {
    await expect(platform.getCommunityTweets('1', { count: 5 })).rejects.toMatchObject({ kind: 'community' });
  });
});

describe('on generated data', () => {
  it('pages the tweets of the biggest list as one query would', async () => {
    const { rows } = await pool().query<{ id: string }>(
      'SELECT list_id::text AS id FROM platform.list_members GROUP BY list_id ORDER BY count(*) DESC, list_id LIMIT 1',
    );
    const listId = rows[0].id;
    for (const sort of TWEET_SORTS) {
      const want = await selectIds(
        `SELECT t.id::text AS id FROM platform.tweets t
         WHERE t.author_id IN (SELECT user_id FROM platform.list_members WHERE list_id = $1) ORDER BY ${tweetSortSql(sort)}`,
        [listId],
      );
      const got = await walkPages(40, (after) => platform.getListTweets(listId, { count: 40, after, sort }));
      expect(got.map((t) => t.id)).toEqual(want);
    }
  });
});
