import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { expect } from 'vitest';
import { findOperation } from '@/lib/api/registry';
import { runExportSlice, type ExportRunOptions } from '@/lib/api/exports/run-export';
import { localExportStorage } from '@/lib/exports/local-export-storage';
import type { ExportRecordKind } from '@/lib/exports/record-kind';
import type { ServedPlatforms } from '@/lib/platform/served-platforms';
import type { ApiAccount, ApiAnswer } from './api-client';

// Exports run slice by slice in the test's process (no job queue), and what to compare their
// files with: the same operation paged through /v2 by hand, as a client would.

/** Runner options writing into `directory`, pages read from `served`. */
export function exportRunOptions(directory: string, served: ServedPlatforms, requeued: string[] = []): ExportRunOptions {
  return {
    owner: 'test-runner',
    leaseMs: 60_000,
    sliceMs: 60_000,
    failAfterMs: 3_600_000,
    pageTimeoutMs: 30_000,
    storage: localExportStorage(directory),
    served,
    requeue: async (id) => void requeued.push(id),
  };
}

/** Runs slices until the export ends or pauses; the outcome of the last. */
export async function runUntilStopped(id: string, options: ExportRunOptions): Promise<string> {
  for (let slice = 0; slice < 100; slice++) {
    const outcome = await runExportSlice(id, options);
    if (outcome !== 'yielded') return outcome;
  }
  throw new Error(`export ${id} still running after 100 slices`);
}

/** The export's file, as the runner named it. */
export function exportFile(directory: string, id: string, format: 'jsonl' | 'csv'): string {
  return path.join(directory, `export-${id}.${format}`);
}

/** A JSONL file's records. */
export function readJsonl(file: string): unknown[] {
  const text = fs.readFileSync(file, 'utf8');
  if (text === '') return [];
  expect(text.endsWith('\n')).toBe(true);
  return text.slice(0, -1).split('\n').map((line) => JSON.parse(line));
}

/** A CSV file's header and rows, each row a list of cells as written (not unescaped). */
export function readCsv(file: string): { header: string[]; rows: string[][] } {
  const [header, ...rows] = parse(fs.readFileSync(file, 'utf8'), { relax_column_count: false }) as string[][];
  return { header, rows };
}

/** The column names docs/exports-csv.md gives for a kind, in file order. */
export function documentedColumns(kind: ExportRecordKind): string[] {
  const doc = fs.readFileSync(path.resolve(import.meta.dirname, '..', '..', 'docs', 'exports-csv.md'), 'utf8');
  const section = (title: string) => {
    const start = doc.indexOf(`## ${title}`);
    const end = doc.indexOf('\n## ', start + 1);
    return doc.slice(start, end === -1 ? undefined : end);
  };
  const tableNames = (text: string) => [...text.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1]);
  if (kind === 'id') {
    expect(section('Ids')).toMatch(/one column, `id`/);
    return ['id'];
  }
  if (kind === 'user') return tableNames(section('Users'));
  const own = tableNames(section('Tweets'));
  return [...own, ...own.map((name) => `quoted_tweet.${name}`), ...own.map((name) => `retweeted_tweet.${name}`)];
}

/** An operation's /v2 URL and its other inputs: path parameters substituted, the rest as query or body. */
function operationCall(operationId: string, params: Record<string, unknown>) {
  const operation = findOperation(operationId);
  if (!operation) throw new Error(`no operation ${operationId}`);
  const rest = { ...params };
  const url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  return { method: operation.method as 'GET' | 'POST', url, rest };
}

/** Every record of an operation, paged through /v2 by hand `count` at a time (the body for POST searches, the query for the rest). */
export async function pageByHand(account: ApiAccount, operationId: string, params: Record<string, unknown>, count: number, headers: Record<string, string> = {}): Promise<unknown[]> {
  const { method, url, rest } = operationCall(operationId, params);
  const items: unknown[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 1000; page++) {
    const inputs: Record<string, unknown> = { ...rest, count, ...(cursor ? { cursor } : {}) };
    const answer: ApiAnswer =
      method === 'GET'
        ? await account.call('GET', url, { query: inputs as Record<string, string | number | boolean>, headers })
        : await account.call('POST', url, { body: inputs, headers });
    expect(answer.status, `${operationId} page ${page}: ${answer.text.slice(0, 300)}`).toBe(200);
    items.push(...answer.body.data);
    cursor = answer.body.meta.next_cursor;
    if (!cursor) return items;
  }
  throw new Error(`${operationId}: more than 1000 pages`);
}

/** The id a record has in a CSV row's first column: a tweet's or user's id, or the follower id itself. */
export function recordId(record: unknown): string {
  return typeof record === 'string' ? record : (record as { id: string }).id;
}

/** The count the source tells for an operation's total, read through /v2 as a client would; null where it tells none. */
export async function sourceCount(account: ApiAccount, operation: string, input: Record<string, unknown>, headers: Record<string, string> = {}): Promise<number | null> {
  const read = async (url: string, field: string) => {
    const answer = await account.call('GET', url, { headers });
    expect(answer.status, answer.text).toBe(200);
    return (answer.body.data[field] ?? null) as number | null;
  };
  const user = (field: string) => read(`/v2/users/${encodeURIComponent(String(input.username))}`, field);
  const tweet = (field: string) => read(`/v2/tweets/${encodeURIComponent(String(input.tweetId))}`, field);
  switch (operation) {
    case 'getUserFollowers':
    case 'getUserFollowerIds':
      return user('followers_count');
    case 'getUserFollowing':
      return user('following_count');
    case 'getUserTweets':
      return user('tweet_count');
    case 'getUserMedia':
      return user('media_count');
    case 'getTweetLikers':
      return tweet('like_count');
    case 'getTweetRetweeters':
      return tweet('retweet_count');
    case 'getTweetQuotes':
      return tweet('quote_count');
    case 'getTweetConversation':
      return tweet('reply_count');
    case 'getCommunityMembers':
      return read(`/v2/communities/${encodeURIComponent(String(input.communityId))}`, 'member_count');
    // No /v2 operation shows a list's counts: they are the members (subscribers) there are, paged by hand.
    // Bluesky does not publish subscribers, so its exports of them are refused before any estimate.
    case 'getListMembers':
    case 'getListSubscribers':
      return (await pageByHand(account, operation, { listId: input.listId }, 100, headers)).length;
    default:
      return null;
  }
}

/** Creates an export through /v2, runs it to its end here and returns the job as created and as /v2 then shows it. */
export async function exportToEnd(who: ApiAccount, options: ExportRunOptions, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const created = await who.call('POST', '/v2/exports', { body, headers });
  expect(created.status, created.text).toBe(200);
  expect(created.body.data.status).toBe('queued');
  expect(await runUntilStopped(created.body.data.id, options)).toBe('ended');
  const shown = await who.call('GET', `/v2/exports/${created.body.data.id}`);
  expect(shown.status, shown.text).toBe(200);
  return { created: created.body.data, job: shown.body.data };
}
