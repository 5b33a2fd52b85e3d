import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runMigrations } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportRunOptions } from '@/lib/api/exports/run-export';
import { findOperation } from '@/lib/api/registry';
import { getPool } from '@/lib/db/pool';
import { BLUESKY_LACKS } from '@/lib/platform/bluesky/reads';
import { setServedPlatforms } from '@/lib/platform/served-platforms';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { expectError, expectInvalid } from '../support/api-records';
import { userWithMost } from '../support/api-subjects';
import { startAtprotoNetwork, type AtprotoNetwork } from '../support/atproto-network';
import { blueskyPlatforms, seedBlueskyWorld, type BlueskyWorld } from '../support/bluesky-world';
import { documentedColumns, exportFile, exportRunOptions, exportToEnd, pageByHand, readCsv, readJsonl, recordId, sourceCount } from '../support/export-checks';

// Exports on Bluesky, against a real local AT Protocol network (@atproto/dev-env): each file equals
// paging the same operation through /v2 with Perch-Platform: bluesky by hand, the job says it ran on
// bluesky, and what Bluesky lacks is refused as a /v2 call would be (503), with nothing created.

const BLUESKY = { 'perch-platform': 'bluesky' };

let atproto: AtprotoNetwork;
let world: BlueskyWorld;
let account: ApiAccount;
let options: ExportRunOptions;
let directory: string;

beforeAll(async () => {
  await runMigrations({ connectionString: process.env.DATABASE_URL });
  atproto = await startAtprotoNetwork();
  world = await seedBlueskyWorld(atproto);
  const served = blueskyPlatforms(atproto);
  setServedPlatforms(served);
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-exports-bsky-'));
  options = exportRunOptions(directory, served);
  account = await createApiAccount({ label: 'exports-bluesky' });
});

afterAll(async () => {
  setServedPlatforms(null);
  await atproto?.stop();
  fs.rmSync(directory, { recursive: true, force: true });
  await expectLedgersBalanced();
});

/** Each operation with its subject in the world and the ids its records must hold (in any order, where the world fixes them). */
function cases(): Array<{ operation: string; params: Record<string, unknown>; ids?: string[] }> {
  const { handles, dids, posts } = world;
  return [
    { operation: 'getUserFollowers', params: { username: handles.alice }, ids: world.aliceFollowers },
    { operation: 'getUserFollowerIds', params: { username: handles.alice }, ids: world.aliceFollowers },
    { operation: 'getUserFollowing', params: { username: handles.alice }, ids: [dids.bob] },
    { operation: 'getUserTweets', params: { username: handles.alice }, ids: [posts.hello, posts.second, posts.media] },
    { operation: 'getUserReplies', params: { username: handles.bob } },
    { operation: 'getUserMedia', params: { username: handles.alice }, ids: [posts.media] },
    { operation: 'getUserMentions', params: { username: handles.alice }, ids: [posts.mention] },
    { operation: 'getTweetLikers', params: { tweetId: posts.hello }, ids: [dids.bob, dids.carol, dids.dan] },
    { operation: 'getTweetRetweeters', params: { tweetId: posts.hello }, ids: [dids.erin] },
    { operation: 'getTweetQuotes', params: { tweetId: posts.hello }, ids: [posts.quote] },
    { operation: 'getTweetConversation', params: { tweetId: posts.hello }, ids: [posts.reply, posts.nested] },
    { operation: 'getListMembers', params: { listId: world.list }, ids: [dids.bob, dids.carol] },
    { operation: 'searchTweets', params: { query: 'alice' } },
    { operation: 'searchUsers', params: { query: 'alice' } },
  ];
}

describe('exports on Bluesky', () => {
  it('each file equals paging /v2 by hand on Bluesky; the job runs on bluesky; estimates are the profile and post counts', async () => {
    for (const { operation, params, ids } of cases()) {
      const price = findOperation(operation)!.cost.credits;
      const estimate = await account.call('POST', '/v2/exports/estimate', { body: { operation, params }, headers: BLUESKY });
      expect(estimate.status, `${operation}: ${estimate.text}`).toBe(200);
      const count = await sourceCount(account, operation, params, BLUESKY);
      expect(estimate.body.data, operation).toMatchObject({ items: count, credits: count === null ? null : count * price });

      const { created, job } = await exportToEnd(account, options, { operation, params, format: 'jsonl' }, BLUESKY);
      expect(created, operation).toMatchObject({ platform: 'bluesky', operation, estimate: count === null ? null : { items: count, credits: count * price } });
      const lines = readJsonl(exportFile(directory, job.id, 'jsonl'));
      // Pages of 2: the world's sets are small, and each still takes several pages by hand.
      const byHand = await pageByHand(account, operation, params, 2, BLUESKY);
      expect(lines.length, `${operation} exported nothing`).toBeGreaterThan(0);
      expect(lines, operation).toEqual(byHand);
      if (ids) expect(lines.map(recordId).sort(), operation).toEqual([...ids].sort());
      expect(job, operation).toMatchObject({ status: 'completed', platform: 'bluesky', stop_reason: 'exhausted', items: lines.length, credits_charged: lines.length * price, error: null });
    }
  });

  it('more posts than one AppView page (100): the author feed and a search export to the end, equal to paging by hand', async () => {
    const sc = atproto.network.getSeedClient();
    const handle = 'starling.test';
    await sc.createAccount('starling', { email: 'starling@perch.test', handle, password: 'starling-password' });
    const posts: string[] = [];
    for (let i = 0; i < 105; i++) posts.push((await sc.post(sc.dids.starling, `murmuration note ${i}`)).ref.uriStr);
    await atproto.network.processAll();
    const ids = posts.map((uri) => uri.replace('at://', '').split('/').filter((_, index) => index !== 1).join('~'));
    const cases = [
      { operation: 'getUserTweets', params: { username: handle } },
      { operation: 'searchTweets', params: { query: 'murmuration' } },
      // Ranked over a window of the AppView's pages: the same window whatever the page sizes.
      { operation: 'getUserTweets', params: { username: handle, sort: 'engagement' } },
      { operation: 'searchTweets', params: { query: 'murmuration', sort: 'popular' } },
    ];
    for (const { operation, params } of cases) {
      const { job } = await exportToEnd(account, options, { operation, params }, BLUESKY);
      const lines = readJsonl(exportFile(directory, job.id, 'jsonl'));
      expect(lines.map(recordId).sort(), operation).toEqual([...ids].sort());
      expect(lines, operation).toEqual(await pageByHand(account, operation, params, 30, BLUESKY));
      expect(job, operation).toMatchObject({ status: 'completed', platform: 'bluesky', items: ids.length, credits_charged: ids.length * 15 });
    }
  });

  it('without Perch-Platform the default platform (here bluesky) serves the export', async () => {
    const { job } = await exportToEnd(account, options, { operation: 'getUserFollowing', params: { username: world.handles.alice } });
    expect(job).toMatchObject({ platform: 'bluesky', status: 'completed', items: 1 });
  });

  it("a follower export as CSV: the documented user columns, one row per follower, DIDs in the JSONL's order", async () => {
    const params = { username: world.handles.alice };
    const csv = await exportToEnd(account, options, { operation: 'getUserFollowers', params, format: 'csv' }, BLUESKY);
    const jsonl = await exportToEnd(account, options, { operation: 'getUserFollowers', params, format: 'jsonl' }, BLUESKY);
    const records = readJsonl(exportFile(directory, jsonl.job.id, 'jsonl')) as Array<{ id: string; username: string }>;
    const { header, rows } = readCsv(exportFile(directory, csv.job.id, 'csv'));
    expect(header).toEqual(documentedColumns('user'));
    expect(rows.map((row) => row[header.indexOf('id')])).toEqual(records.map((record) => record.id));
    expect(rows.map((row) => row[header.indexOf('username')])).toEqual(records.map((record) => record.username));
    expect(csv.job).toMatchObject({ platform: 'bluesky', format: 'csv', items: world.aliceFollowers.length });
  });

  it('what Bluesky lacks is a 503 unavailable, as the /v2 call is, and nothing is created', async () => {
    const lacking = [
      { operation: 'getListSubscribers', params: { listId: world.list }, url: `/v2/lists/${world.list}/subscribers` },
      { operation: 'getCommunityTweets', params: { communityId: `${world.dids.alice}~perch` }, url: `/v2/communities/${world.dids.alice}~perch/tweets` },
      { operation: 'getCommunityMembers', params: { communityId: `${world.dids.alice}~perch` }, url: `/v2/communities/${world.dids.alice}~perch/members` },
    ];
    const fresh = await createApiAccount({ label: 'exports-bluesky-lacks' });
    for (const { operation, params, url } of lacking) {
      const call = await fresh.call('GET', url, { headers: BLUESKY });
      expectError(call, 503, 'unavailable');
      for (const path of ['/v2/exports', '/v2/exports/estimate']) {
        const answer = await fresh.call('POST', path, { body: { operation, params }, headers: BLUESKY });
        expectError(answer, 503, 'unavailable');
        expect(answer.body.error.message).toBe(call.body.error.message);
        expect(answer.body.error.message).toBe(BLUESKY_LACKS[operation as keyof typeof BLUESKY_LACKS]);
      }
    }
    const { rows } = await getPool().query<{ n: string }>('SELECT count(*) AS n FROM exports WHERE user_id = $1', [fresh.userId]);
    expect(Number(rows[0].n)).toBe(0);
    expect((await fresh.call('GET', '/v2/exports')).body.data).toEqual([]);
  });

  it("the embedded platform beside Bluesky (Perch-Platform: local): the job runs there and equals paging it by hand", async () => {
    const LOCAL = { 'perch-platform': 'local' };
    const params = { username: await userWithMost.followers() };
    const { job } = await exportToEnd(account, options, { operation: 'getUserFollowers', params }, LOCAL);
    expect(job).toMatchObject({ platform: 'local', status: 'completed' });
    const lines = readJsonl(exportFile(directory, job.id, 'jsonl'));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines).toEqual(await pageByHand(account, 'getUserFollowers', params, 7, LOCAL));
  });

  it('a handle that does not exist on the network is a 404, one of the wrong syntax a 400; nothing created', async () => {
    const fresh = await createApiAccount({ label: 'exports-bluesky-404' });
    const bad = await fresh.call('POST', '/v2/exports', { body: { operation: 'getUserFollowers', params: { username: 'not a handle' } }, headers: BLUESKY });
    expectInvalid(bad, 'params.username');
    for (const operation of ['getUserFollowers', 'getUserMentions']) {
      expectError(await fresh.call('POST', '/v2/exports', { body: { operation, params: { username: 'nobody.test' } }, headers: BLUESKY }), 404, 'not_found');
    }
    expect((await fresh.call('GET', '/v2/exports')).body.data).toEqual([]);
  });
});
