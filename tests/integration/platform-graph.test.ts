import { describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { localPlatform as platform } from '@/lib/platform/local';
import { UserSchema } from '@/lib/platform/records';
import type { Page, User, UserPageRequest } from '@/lib/platform/types';
import { selectIds, useReadFixture } from '../support/platform-read-fixture';
import { USER_SORTS, userSortSql, walkPages } from '../support/walk-pages';

const fx = useReadFixture();
const pool = () => getPool();

type UserList = (username: string, page: UserPageRequest) => Promise<Page<User>>;

const LISTS: Array<{ name: string; read: UserList; from: string; user: string }> = [
  {
    name: 'getUserFollowers',
    read: platform.getUserFollowers,
    from: 'platform.follows e JOIN platform.users u ON u.id = e.follower_id WHERE e.followee_id = $1',
    user: 'rdx_Alice',
  },
  {
    name: 'getUserFollowing',
    read: platform.getUserFollowing,
    from: 'platform.follows e JOIN platform.users u ON u.id = e.followee_id WHERE e.follower_id = $1',
    user: 'rdx_Alice',
  },
  {
    name: 'getUserVerifiedFollowers',
    read: platform.getUserVerifiedFollowers,
    from: 'platform.follows e JOIN platform.users u ON u.id = e.follower_id WHERE e.followee_id = $1 AND u.is_blue_verified',
    user: 'rdx_Alice',
  },
];

describe.each(LISTS)('$name', ({ read, from, user }) => {
  it.each(USER_SORTS)('pages through every user exactly once in %s order', async (sort) => {
    const want = await selectIds(`SELECT u.id::text AS id FROM ${from} ORDER BY ${userSortSql(sort, 'e.id')}`, [fx.users[user]]);
    expect(want.length).toBeGreaterThan(1);
    const got = await walkPages(1, (after) => read(user.toUpperCase(), { count: 1, after, sort }));
    expect(got.map((u) => u.id)).toEqual(want);
    const big = await walkPages(7, (after) => read(`@${user}`, { count: 7, after, sort }));
    expect(big.map((u) => u.id)).toEqual(want);
  });

  it('returns full User records equal to getUser', async () => {
    const page = await read(user, { count: 2 });
    for (const item of page.items) {
      UserSchema.strict().parse(item);
      expect(item).toEqual(await platform.getUser(item.username));
    }
  });

  it('404s an unknown user', async () => {
    await expect(read('rdx_nobody_here', { count: 5 })).rejects.toMatchObject({ kind: 'user' });
  });
});

describe('sorts of user lists', () => {
  it('name sorts A→Z ignoring case, ties by id; followers sorts most first, ties by id', async () => {
    const byName = (await platform.getUserFollowers('rdx_alice', { count: 1000, sort: 'name' })).items;
    const names = byName.map((u) => u.name!.toLowerCase());
    expect(names.slice(0, 4)).toEqual(['anna', 'anna', 'anna', 'anna']);
    for (let i = 1; i < byName.length; i++) {
      if (names[i - 1] === names[i]) expect(BigInt(byName[i - 1].id) < BigInt(byName[i].id)).toBe(true);
    }
    const byFollowers = (await platform.getUserFollowers('rdx_alice', { count: 1000, sort: 'followers' })).items;
    for (let i = 1; i < byFollowers.length; i++) {
      // An unknown (null) count ranks lowest; the embedded platform always counts.
      const [a, b] = [byFollowers[i - 1].followers_count ?? -1, byFollowers[i].followers_count ?? -1];
      expect(a > b || (a === b && BigInt(byFollowers[i - 1].id) > BigInt(byFollowers[i].id))).toBe(true);
    }
  });

  it('verified followers are all blue-verified', async () => {
    const items = (await platform.getUserVerifiedFollowers('rdx_alice', { count: 1000 })).items;
    expect(items.length).toBe(10);
    expect(items.every((u) => u.is_blue_verified)).toBe(true);
  });
});

describe('getUserFollowerIds', () => {
  it('pages follower ids newest follow first, matching the follows table', async () => {
    const want = await selectIds('SELECT f.follower_id::text AS id FROM platform.follows f WHERE f.followee_id = $1 ORDER BY f.id DESC', [fx.users.rdx_Alice]);
    expect(want).toHaveLength(31);
    const got = await walkPages(4, (after) => platform.getUserFollowerIds('rdx_alice', { count: 4, after }));
    expect(got).toEqual(want);
    const all = await platform.getUserFollowerIds('rdx_alice', { count: 5000 });
    expect(all).toEqual({ items: want, next: null });
  });

  it('refuses counts above 5000', async () => {
    await expect(platform.getUserFollowerIds('rdx_alice', { count: 5001 })).rejects.toMatchObject({ name: 'InvalidInputError' });
  });
});

describe('paging while the graph changes', () => {
  it('new follows during a walk of the newest-first list neither repeat nor push items out', async () => {
    const before = await selectIds('SELECT f.follower_id::text AS id FROM platform.follows f WHERE f.followee_id = $1 ORDER BY f.id DESC', [fx.users.rdx_Alice]);
    const newcomers = ['rdx_carol', 'rdx_dave', 'rdx_alicia', 'rdx_malice', 'rdx_wonder'];
    let added = 0;
    const got = await walkPages(5, async (after) => {
      const page = await platform.getUserFollowers('rdx_alice', { count: 5, after });
      if (added < newcomers.length) {
        const { snowflakeAt } = await import('@/lib/platform/snowflake');
        await pool().query('INSERT INTO platform.follows (id, follower_id, followee_id) VALUES ($1, $2, $3)', [
          snowflakeAt(Date.now(), 0x3ff000 + added).toString(),
          fx.users[newcomers[added++]],
          fx.users.rdx_Alice,
        ]);
      }
      return page;
    });
    expect(got.map((u) => u.id)).toEqual(before);
    expect(new Set(got.map((u) => u.id)).size).toBe(got.length);
  });
});

describe('on generated data', () => {
  it('pages the followers of the most followed user as one query would, in every sort', async () => {
    const { rows } = await pool().query<{ id: string; username: string }>(
      `SELECT u.id::text AS id, u.username FROM platform.users u
       WHERE u.id = (SELECT followee_id FROM platform.follows GROUP BY followee_id ORDER BY count(*) DESC, followee_id LIMIT 1)`,
    );
    const [user] = rows;
    for (const sort of USER_SORTS) {
      const want = await selectIds(
        `SELECT u.id::text AS id FROM platform.follows e JOIN platform.users u ON u.id = e.follower_id WHERE e.followee_id = $1 ORDER BY ${userSortSql(sort, 'e.id')}`,
        [user.id],
      );
      const got = await walkPages(50, (after) => platform.getUserFollowers(user.username, { count: 50, after, sort }));
      expect(got.map((u) => u.id)).toEqual(want);
    }
  });
});
