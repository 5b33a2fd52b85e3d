import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runMigrations } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOperation } from '@/lib/api/registry';
import { recordKindOf } from '@/lib/api/exports/exportable-operations';
import { getPool } from '@/lib/db/pool';
import { EXPORTABLE_OPERATIONS, type ExportableOperationId } from '@/lib/exports/exportable-operation-ids';
import { readExport } from '@/lib/exports/export-store';
import { getServedPlatforms } from '@/lib/platform/served-platforms';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { expectError, expectInvalid } from '../support/api-records';
import { groupWithMost, MISSING_ID, MISSING_USERNAME, subjectsForEveryListing } from '../support/api-subjects';
import { setUpWriter } from '../support/api-writer';
import { documentedColumns, exportFile, exportRunOptions, pageByHand, readCsv, readJsonl, recordId, exportToEnd, sourceCount } from '../support/export-checks';
import type { ExportRunOptions } from '@/lib/api/exports/run-export';

// Every exportable operation on the embedded platform: the export's JSONL file equals paging the
// operation through /v2 by hand (same records, same order), its estimate is the source's own count
// (null for a search), a few CSV files line up row by row with the JSONL, and bad inputs are
// refused before anything is created.

let directory: string;
let options: ExportRunOptions;
let account: ApiAccount;
let params: Record<ExportableOperationId, Record<string, unknown>>;

/** The hashtag with the most tweets, as a search query. */
async function busiestHashtag(): Promise<string> {
  const { rows } = await getPool().query<{ tag: string }>('SELECT tag FROM platform.tweet_hashtags GROUP BY tag ORDER BY count(*) DESC, tag LIMIT 1');
  return `#${rows[0].tag}`;
}

beforeAll(async () => {
  // The end events are queued on graphile-worker, whose schema a running server installs.
  await runMigrations({ connectionString: process.env.DATABASE_URL });
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-exports-ops-'));
  options = exportRunOptions(directory, getServedPlatforms());
  account = await createApiAccount({ label: 'exports-ops', credits: 5_000_000 });
  const s = await subjectsForEveryListing();
  params = {
    searchTweets: { query: await busiestHashtag() },
    searchUsers: { query: 'an' },
    getUserTweets: { username: s.tweets },
    getUserMentions: { username: s.mentions },
    getUserReplies: { username: s.replies },
    getUserMedia: { username: s.media },
    getUserFollowers: { username: s.followers },
    getUserFollowerIds: { username: s.followers },
    getUserFollowing: { username: s.following },
    getUserVerifiedFollowers: { username: s.verifiedFollowers },
    getTweetConversation: { tweetId: s.conversation },
    getTweetQuotes: { tweetId: s.quoted },
    getTweetRetweeters: { tweetId: s.retweeted },
    getTweetLikers: { tweetId: s.liked },
    getListTweets: { listId: s.listMembers },
    getListMembers: { listId: s.listMembers },
    getListSubscribers: { listId: await groupWithMost.listSubscribers() },
    getCommunityTweets: { communityId: s.communityTweets },
    getCommunityMembers: { communityId: s.communityMembers },
  };
});

afterAll(async () => {
  await expectLedgersBalanced();
  fs.rmSync(directory, { recursive: true, force: true });
});

// A user's tweet_count also counts replies, a tweet's reply_count only direct replies: about, not exact.
const EXACT_COUNTS = new Set<string>(['getUserFollowers', 'getUserFollowerIds', 'getUserFollowing', 'getTweetLikers', 'getTweetRetweeters', 'getTweetQuotes', 'getCommunityMembers', 'getListMembers', 'getListSubscribers']);

describe('every exportable operation on the embedded platform', () => {
  it('lists all of them here', () => {
    expect(Object.keys(params).sort()).toEqual([...EXPORTABLE_OPERATIONS].sort());
  });

  for (const operationId of EXPORTABLE_OPERATIONS) {
    it(`${operationId}: the JSONL file equals paging /v2 by hand; the estimate is the source's count`, async () => {
      const operation = findOperation(operationId)!;
      const input = params[operationId];
      const estimate = await account.call('POST', '/v2/exports/estimate', { body: { operation: operationId, params: input } });
      expect(estimate.status, estimate.text).toBe(200);
      const count = await sourceCount(account, operationId, input);
      const price = operation.cost.credits;
      if (count === null) expect(estimate.body.data).toEqual({ items: null, credits: null, basis: null, at_most: null });
      else expect(estimate.body.data).toMatchObject({ items: count, credits: count * price, at_most: null });

      const { created, job } = await exportToEnd(account, options, { operation: operationId, params: input, format: 'jsonl' });
      expect(created).toMatchObject({ operation: operationId, platform: 'local', unit_price: price, estimate: count === null ? null : { items: count, credits: count * price } });
      const lines = readJsonl(exportFile(directory, job.id, 'jsonl'));
      // Pages of 7 by hand against the export's pages of the operation's largest size: the keyset holds across sizes.
      const byHand = await pageByHand(account, operationId, input, operationId.startsWith('search') ? 50 : 7);
      expect(lines.length, `${operationId} exported nothing: the subject has no data`).toBeGreaterThan(0);
      expect(lines).toEqual(byHand);
      expect(job).toMatchObject({ status: 'completed', stop_reason: 'exhausted', items: lines.length, credits_charged: lines.length * price, error: null });
      expect(job.size_bytes).toBe(fs.statSync(exportFile(directory, job.id, 'jsonl')).size);
      // Where the count is of exactly what the operation lists, the embedded platform keeps it in step: the estimate is exact.
      if (EXACT_COUNTS.has(operationId)) expect(lines.length).toBe(count);
    });
  }
});

describe('sorts', () => {
  it('every sort of a user list, a timeline and a search exports in the order paging by hand gives', async () => {
    const cases = [
      ...['default', 'followers', 'name'].map((sort) => ({ operation: 'getUserFollowers', input: { ...params.getUserFollowers, sort } })),
      ...['latest', 'popular', 'engagement'].map((sort) => ({ operation: 'getUserTweets', input: { ...params.getUserTweets, sort } })),
      ...['latest', 'popular', 'engagement'].map((sort) => ({ operation: 'searchTweets', input: { ...params.searchTweets, sort } })),
      ...['default', 'followers', 'name'].map((sort) => ({ operation: 'searchUsers', input: { ...params.searchUsers, sort } })),
    ];
    for (const { operation, input } of cases) {
      const { job } = await exportToEnd(account, options, { operation, params: input });
      const lines = readJsonl(exportFile(directory, job.id, 'jsonl'));
      expect(lines.length, `${operation} ${input.sort}`).toBeGreaterThan(7);
      expect(lines, `${operation} ${input.sort}`).toEqual(await pageByHand(account, operation, input, 7));
      expect(job.params.sort).toBe(input.sort);
    }
  });
});

describe('max_items and max_credits', () => {
  it('end the export as completed with the first records paging by hand gives, and bound the estimate', async () => {
    const followers = params.getUserFollowers;
    const tweets = params.getUserTweets;
    const search = params.searchTweets;
    const cases = [
      { operation: 'getUserFollowers', input: followers, limits: { max_items: 10 }, items: 10, price: 1, stop: 'max_items', estimate: { items: 10, credits: 10, at_most: { items: 10, credits: 10 } } },
      { operation: 'getUserTweets', input: tweets, limits: { max_credits: 50 }, items: 3, price: 15, stop: 'max_credits', estimate: { items: 3, credits: 45, at_most: { items: 3, credits: 45 } } },
      { operation: 'searchTweets', input: search, limits: { max_items: 5, max_credits: 1000 }, items: 5, price: 15, stop: 'max_items', estimate: { items: null, credits: null, at_most: { items: 5, credits: 75 } } },
      // A bound above what there is: everything, exhausted.
      { operation: 'getUserFollowing', input: params.getUserFollowing, limits: { max_items: 1_000_000 }, items: null, price: 1, stop: 'exhausted', estimate: null },
    ] as const;
    for (const { operation, input, limits, items, price, stop, estimate } of cases) {
      const body = { operation, params: input, ...limits };
      const estimated = await account.call('POST', '/v2/exports/estimate', { body });
      if (estimate) expect(estimated.body.data, operation).toMatchObject(estimate);
      const { job } = await exportToEnd(account, options, body);
      const lines = readJsonl(exportFile(directory, job.id, 'jsonl'));
      const byHand = await pageByHand(account, operation, input, 7);
      expect(lines, operation).toEqual(items === null ? byHand : byHand.slice(0, items));
      expect(job, operation).toMatchObject({ status: 'completed', stop_reason: stop, items: lines.length, credits_charged: lines.length * price, ...limits });
    }
  });
});

describe('CSV files', () => {
  for (const operationId of ['getUserTweets', 'getUserFollowers', 'getUserFollowerIds'] as const) {
    it(`${operationId}: the documented header, then one row per JSONL record, ids in the same order`, async () => {
      const input = params[operationId];
      const csv = await exportToEnd(account, options, { operation: operationId, params: input, format: 'csv' });
      const jsonl = await exportToEnd(account, options, { operation: operationId, params: input, format: 'jsonl' });
      const records = readJsonl(exportFile(directory, jsonl.job.id, 'jsonl'));
      const { header, rows } = readCsv(exportFile(directory, csv.job.id, 'csv'));
      expect(header).toEqual(documentedColumns(recordKindOf(findOperation(operationId)!)));
      expect(rows).toHaveLength(records.length);
      expect(csv.job.items).toBe(records.length);
      expect(rows.map((row) => row[header.indexOf('id')])).toEqual(records.map(recordId));
      expect(csv.job.size_bytes).toBe(fs.statSync(exportFile(directory, csv.job.id, 'csv')).size);
    });
  }

  it("a tweet's text starting with = + - @ is written with a leading ' in CSV, as it is in JSONL", async () => {
    const { account: writer, me } = await setUpWriter('exports-csv');
    const texts = ['=HYPERLINK("http://evil.example","x")', '+1 for perch', '-2 degrees today', '@nobody hi', 'plain, with "quotes"\nand a line'];
    for (const text of texts) expect((await writer.call('POST', '/v2/tweets/create', { body: { text } })).status).toBe(200);
    const csv = await exportToEnd(writer, options, { operation: 'getUserTweets', params: { username: me.username }, format: 'csv' });
    const { header, rows } = readCsv(exportFile(directory, csv.job.id, 'csv'));
    const cells = rows.map((row) => row[header.indexOf('text')]);
    // Newest first, as the timeline.
    expect(cells).toEqual([...texts].reverse().map((text) => (/^[=+\-@]/.test(text) ? `'${text}` : text)));
    const counts = rows.map((row) => row[header.indexOf('like_count')]);
    expect(counts.every((cell) => /^\d+$/.test(cell))).toBe(true);
    const jsonl = await exportToEnd(writer, options, { operation: 'getUserTweets', params: { username: me.username }, format: 'jsonl' });
    expect(readJsonl(exportFile(directory, jsonl.job.id, 'jsonl')).map((tweet) => (tweet as { text: string }).text)).toEqual([...texts].reverse());
  });

  it("the quoted tweet's text and a profile's bio and name are escaped the same way", async () => {
    const { account: writer, me } = await setUpWriter('exports-csv-quote');
    const formula = await writer.call('POST', '/v2/tweets/create', { body: { text: '=1+1' } });
    expect(formula.status).toBe(200);
    expect((await writer.call('POST', '/v2/tweets/quote', { body: { quoted_tweet_id: formula.body.data.id, text: 'see this' } })).status).toBe(200);
    const tweets = await exportToEnd(writer, options, { operation: 'getUserTweets', params: { username: me.username }, format: 'csv' });
    const sheet = readCsv(exportFile(directory, tweets.job.id, 'csv'));
    const quoting = sheet.rows.find((row) => row[sheet.header.indexOf('text')] === 'see this')!;
    expect(quoting[sheet.header.indexOf('quoted_tweet.text')]).toBe("'=1+1");
    expect(quoting[sheet.header.indexOf('quoted_tweet.id')]).toBe(formula.body.data.id);

    await getPool().query("UPDATE platform.users SET name = '+Mallory', description = '@everyone =cmd|calc' WHERE id = $1", [me.id]);
    const users = await exportToEnd(writer, options, { operation: 'searchUsers', params: { query: me.username }, format: 'csv' });
    const people = readCsv(exportFile(directory, users.job.id, 'csv'));
    const row = people.rows.find((cells) => cells[people.header.indexOf('username')] === me.username)!;
    expect(row[people.header.indexOf('name')]).toBe("'+Mallory");
    expect(row[people.header.indexOf('description')]).toBe("'@everyone =cmd|calc");
    expect(row[people.header.indexOf('followers_count')]).toMatch(/^\d+$/);
  });
});

describe('bad export requests', () => {
  let refused: ApiAccount;
  beforeAll(async () => {
    refused = await createApiAccount({ label: 'exports-refused' });
  });

  async function exportsOf(who: ApiAccount): Promise<number> {
    const { rows } = await getPool().query<{ n: string }>('SELECT count(*) AS n FROM exports WHERE user_id = $1', [who.userId]);
    return Number(rows[0].n);
  }

  /** The same body to create and to estimate: both refused alike, nothing created. */
  async function refusedBoth(body: Record<string, unknown>, status: number, code: string, detailPath?: string, message?: RegExp) {
    for (const url of ['/v2/exports', '/v2/exports/estimate']) {
      const answer = await refused.call('POST', url, { body });
      if (detailPath) expectInvalid(answer, detailPath);
      else expectError(answer, status, code);
      expect(answer.status).toBe(status);
      if (message) expect(answer.body.error.message).toMatch(message);
    }
    expect(await exportsOf(refused)).toBe(0);
    expect((await refused.call('GET', '/v2/exports')).body.data).toEqual([]);
  }

  it('an unknown operation, or one that is not paged (getUser), is a 400 naming the operation', async () => {
    await refusedBoth({ operation: 'getEverything', params: {} }, 400, 'invalid_request', 'operation', /paged read operations/);
    await refusedBoth({ operation: 'getUser', params: { username: params.getUserFollowers.username } }, 400, 'invalid_request', 'operation', /paged read operations/);
  });

  it('count, cursor or max_credits in params are a 400: the export pages by itself', async () => {
    const username = params.getUserFollowers.username;
    for (const field of ['count', 'cursor', 'max_credits']) {
      await refusedBoth({ operation: 'getUserFollowers', params: { username, [field]: field === 'cursor' ? 'abc' : 5 } }, 400, 'invalid_request', `params.${field}`, /max_items or max_credits/);
    }
  });

  it("a missing username, or one in the wrong syntax, is a 400 on params.username", async () => {
    await refusedBoth({ operation: 'getUserFollowers', params: {} }, 400, 'invalid_request', 'params.username', /params\.username/);
    await refusedBoth({ operation: 'getUserFollowers', params: { username: 'not a name!' } }, 400, 'invalid_request', 'params.username', /params\.username/);
    await refusedBoth({ operation: 'getTweetLikers', params: { tweetId: 'abc' } }, 400, 'invalid_request', 'params.tweetId');
    await refusedBoth({ operation: 'searchTweets', params: {} }, 400, 'invalid_request', 'params.query');
  });

  it('max_credits below the price of one record is a 400 on max_credits', async () => {
    await refusedBoth({ operation: 'getUserTweets', params: { username: params.getUserTweets.username }, max_credits: 14 }, 400, 'invalid_request', 'max_credits', /below the 15 credits/);
  });

  it('a user, tweet, list or community that does not exist is a 404, whichever operation names it', async () => {
    for (const operation of ['getUserFollowers', 'getUserFollowerIds', 'getUserTweets', 'getUserMentions', 'getUserReplies', 'getUserVerifiedFollowers']) {
      await refusedBoth({ operation, params: { username: MISSING_USERNAME } }, 404, 'not_found');
    }
    for (const operation of ['getTweetLikers', 'getTweetConversation']) await refusedBoth({ operation, params: { tweetId: MISSING_ID } }, 404, 'not_found');
    for (const operation of ['getCommunityMembers', 'getCommunityTweets']) await refusedBoth({ operation, params: { communityId: MISSING_ID } }, 404, 'not_found');
    for (const operation of ['getListMembers', 'getListSubscribers', 'getListTweets']) await refusedBoth({ operation, params: { listId: MISSING_ID } }, 404, 'not_found');
  });
});
