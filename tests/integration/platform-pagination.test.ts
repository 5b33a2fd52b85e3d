import { describe, expect, it } from 'vitest';
import { InvalidCursorError } from '@/lib/platform/errors';
import { getPool } from '@/lib/db/pool';
import { localPlatform as platform } from '@/lib/platform/local';
import { nextSnowflake } from '@/lib/platform/snowflake';
import type { KeysetPosition } from '@/lib/platform/types';
import { useReadFixture } from '../support/platform-read-fixture';
import { walkPages } from '../support/walk-pages';

const fx = useReadFixture();
const pool = () => getPool();

async function postAsAlice(text: string): Promise<string> {
  const id = nextSnowflake();
  await pool().query('INSERT INTO platform.tweets (id, author_id, text, created_at, conversation_id) VALUES ($1, $2, $3, now(), $1)', [id, fx.users.rdx_Alice, text]);
  return id;
}

describe('paging while tweets are posted', () => {
  it('latest yields every tweet that existed exactly once and none posted meanwhile', async () => {
    const before = (await platform.getUserTweets('rdx_alice', { count: 1000 })).items.map((t) => t.id);
    const posted: string[] = [];
    const got = await walkPages(4, async (after) => {
      const page = await platform.getUserTweets('rdx_alice', { count: 4, after });
      posted.push(await postAsAlice(`posted while paging ${posted.length}`));
      return page;
    });
    expect(got.map((t) => t.id)).toEqual(before);
    expect(posted.length).toBeGreaterThan(3);
    // The new tweets are there for whoever starts over.
    const fresh = (await platform.getUserTweets('rdx_alice', { count: posted.length })).items.map((t) => t.id);
    expect(fresh).toEqual([...posted].reverse());
  });
});

describe('next', () => {
  it('is null exactly when the page reached the end', async () => {
    const total = (await platform.getUserReplies('rdx_bob', { count: 1000 })).items.length;
    expect(total).toBeGreaterThan(2);
    expect((await platform.getUserReplies('rdx_bob', { count: total })).next).toBeNull();
    const short = await platform.getUserReplies('rdx_bob', { count: total - 1 });
    expect(short.next).not.toBeNull();
    const rest = await platform.getUserReplies('rdx_bob', { count: total, after: short.next });
    expect(rest.items).toHaveLength(1);
    expect(rest.next).toBeNull();
  });

  it('is JSON made of the sort key of the last item', async () => {
    const page = await platform.getUserTweets('rdx_alice', { count: 2, sort: 'popular' });
    const last = page.items[1];
    expect(page.next).toEqual({ k: [last.like_count, last.id] });
    const byName = await platform.getUserFollowers('rdx_alice', { count: 2, sort: 'name' });
    expect(byName.next).toEqual({ k: [byName.items[1].name!.toLowerCase(), byName.items[1].id] });
  });
});

describe('positions the platform did not issue', () => {
  const bad: unknown[] = [{}, { k: [] }, { k: ['x'] }, { k: [1] }, { k: ['1', '2'] }, { k: ['99999999999999999999'] }, 'abc', 5, [1], { k: ['1'], extra: true }];

  it.each(bad)('a tweet timeline rejects %j with InvalidCursorError', async (after) => {
    await expect(platform.getUserTweets('rdx_alice', { count: 5, after: after as KeysetPosition })).rejects.toBeInstanceOf(InvalidCursorError);
  });

  it('a position of another sort is rejected, not misread', async () => {
    const popular = await platform.getUserTweets('rdx_alice', { count: 2, sort: 'popular' });
    await expect(platform.getUserTweets('rdx_alice', { count: 2, sort: 'latest', after: popular.next })).rejects.toBeInstanceOf(InvalidCursorError);
    const byName = await platform.getUserFollowers('rdx_alice', { count: 2, sort: 'name' });
    await expect(platform.getUserFollowers('rdx_alice', { count: 2, sort: 'followers', after: byName.next })).rejects.toBeInstanceOf(InvalidCursorError);
  });

  it('user lists, id lists, searches and list timelines check positions too', async () => {
    const after = { k: ['nope'] } as unknown as KeysetPosition;
    await expect(platform.getUserFollowers('rdx_alice', { count: 5, after })).rejects.toBeInstanceOf(InvalidCursorError);
    await expect(platform.getUserFollowerIds('rdx_alice', { count: 5, after })).rejects.toBeInstanceOf(InvalidCursorError);
    await expect(platform.searchTweets({ query: 'tea', count: 5, after })).rejects.toBeInstanceOf(InvalidCursorError);
    await expect(platform.searchUsers({ query: 'rdx', count: 5, after })).rejects.toBeInstanceOf(InvalidCursorError);
    await expect(platform.getListTweets(fx.listId, { count: 5, after })).rejects.toBeInstanceOf(InvalidCursorError);
  });

  it('rejects counts outside 1..1000-ish with InvalidInputError', async () => {
    for (const count of [0, -1, 1.5, 5001]) {
      await expect(platform.getUserTweets('rdx_alice', { count })).rejects.toMatchObject({ name: 'InvalidInputError', path: 'count' });
    }
  });
});
