import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { startLiveActivity, type LiveActivity } from '@/lib/platform/local/live-activity';
import { createApiAccount, expectLedgersBalanced, type ApiAccount, type ApiAnswer } from '../support/api-client';
import { expectSuccess } from '../support/api-records';
import { waitFor } from '../support/account-fixtures';

// Contract section 4: paging yields every item exactly once, in order, even while new items
// are written. The live simulator writes tweets, likes and follows throughout each walk.

let account: ApiAccount;
let live: LiveActivity;

async function newestTweetId(): Promise<bigint> {
  const { rows } = await getPool().query<{ id: string }>('SELECT max(id)::text AS id FROM platform.tweets');
  return BigInt(rows[0].id);
}

beforeAll(async () => {
  account = await createApiAccount({ label: 'paging', credits: 10_000_000 });
  const before = await newestTweetId();
  live = startLiveActivity({ ratePerSecond: 50, seed: 7 });
  // Wait for the simulator to be writing before any walk starts.
  await waitFor(async () => (await newestTweetId()) > before, 20_000);
});

afterAll(async () => {
  await live.stop();
  await expectLedgersBalanced();
});

const pause = () => new Promise((resolve) => setTimeout(resolve, 15));

/** Follows next_cursor to the end, pausing between pages so that writes land mid-walk. */
async function walk(page: (cursor: string | undefined) => Promise<ApiAnswer>): Promise<{ first: string[]; all: string[] }> {
  const all: string[] = [];
  let first: string[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 500; i++) {
    const answer = await page(cursor);
    expectSuccess(answer);
    const ids = (answer.body.data as Array<string | { id: string }>).map((item) => (typeof item === 'string' ? item : item.id));
    if (i === 0) first = ids;
    all.push(...ids);
    if (!answer.body.meta.has_next_page) return { first, all };
    cursor = answer.body.meta.next_cursor;
    await pause();
  }
  throw new Error('more than 500 pages');
}

/**
 * The walk against the items that existed as of its first page (`snapshot`, newest first, cut
 * at the first page's first item): each once, in the snapshot's order, none missing behind the
 * first page. Items committed during the first page's read may be missing from inside its
 * range only, where the walk had already passed.
 */
function expectExactlyOnce(walked: { first: string[]; all: string[] }, snapshot: string[]): void {
  expect(new Set(walked.all).size, 'no item twice').toBe(walked.all.length);
  const start = snapshot.indexOf(walked.first[0]);
  expect(start).toBeGreaterThanOrEqual(0);
  const expected = snapshot.slice(start);
  const position = new Map(expected.map((id, i) => [id, i]));
  for (const id of walked.all) expect(position.has(id), `${id} existed as of the first page`).toBe(true);
  const positions = walked.all.map((id) => position.get(id)!);
  for (let i = 1; i < positions.length; i++) expect(positions[i]).toBeGreaterThan(positions[i - 1]);
  const lastOfFirst = position.get(walked.first[walked.first.length - 1])!;
  expect(walked.all.slice(walked.first.length)).toEqual(expected.slice(lastOfFirst + 1));
}

describe('paging while the live simulator writes', () => {
  it('searchTweets (latest, cursor in the body) yields each tweet exactly once, in order', async () => {
    const query = { query: 'lang:en', include_retweets: true, count: 100 };
    const startedAt = await newestTweetId();
    const walked = await walk((cursor) => account.call('POST', '/v2/search', { body: cursor ? { ...query, cursor } : query }));
    const { rows } = await getPool().query<{ id: string }>("SELECT id::text FROM platform.tweets WHERE lower(lang) = 'en' ORDER BY id DESC");
    expectExactlyOnce(walked, rows.map((r) => r.id));
    expect(walked.all.length).toBeGreaterThan(500);
    // The walk really did race with writes: English tweets newer than its first page exist now.
    expect(await newestTweetId()).toBeGreaterThan(startedAt);
    expect(BigInt(rows[0].id)).toBeGreaterThan(BigInt(walked.first[0]));
  });

  it('getUserFollowerIds yields each follower exactly once while new follows arrive', async () => {
    const { rows: top } = await getPool().query<{ id: string; username: string }>(
      'SELECT id::text, username FROM platform.users ORDER BY followers_count DESC, id LIMIT 1',
    );
    const { id, username } = top[0];
    const edges = async () =>
      (await getPool().query<{ follower_id: string }>('SELECT follower_id::text FROM platform.follows WHERE followee_id = $1 ORDER BY id DESC', [id])).rows.map(
        (r) => r.follower_id,
      );
    const before = (await edges()).length;
    const walked = await walk((cursor) => account.call('GET', `/v2/users/${username}/followers-ids`, { query: cursor ? { count: 10, cursor } : { count: 10 } }));
    expectExactlyOnce(walked, await edges());
    expect(walked.all.length).toBeGreaterThanOrEqual(before - 10);
  });
});
