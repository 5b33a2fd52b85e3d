import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { getPool } from '@/lib/db/pool';
import { readExport, type ExportRow } from '@/lib/exports/export-store';
import type { Platform } from '@/lib/platform/platform';
import { getServedPlatforms, type ServedPlatforms } from '@/lib/platform/served-platforms';
import { waitFor } from './account-fixtures';

// Data and probes for the export resilience tests (kill -9, restarts, credits, access): a user
// with enough followers that an export of them takes many pages, and ways to watch an export.

type Queryable = Pick<pg.Pool, 'query'>;

export type FollowedUser = {
  username: string;
  /** The follower ids, newest follow first (the order /v2 and an export list them in). */
  followerIds: string[];
  /** Deletes the user and its followers (and their follows): other test files pick subjects by follower count. */
  remove: () => Promise<void>;
};

/**
 * Inserts a platform user followed by `count` new users, with ids far above the seeded ones
 * and below MISSING_ID. The test seed's users have a few hundred followers at most: too few
 * pages for an export to be caught mid-way.
 */
export async function insertFollowedUser(count: number, db: Queryable = getPool()): Promise<FollowedUser> {
  const tag = crypto.randomBytes(3).toString('hex');
  // 7e18 plus a random block of 1e12: files running in turn on one database never collide.
  const base = 7_000_000_000_000_000_000n + BigInt(crypto.randomInt(1, 1_000_000)) * 1_000_000_000_000n;
  const username = `xf${tag}`;
  const created = '2026-10-01T00:00:00Z';
  await db.query(
    `INSERT INTO platform.users (id, username, name, description, created_at, followers_count)
     VALUES ($1::bigint, $2, $3, 'has many followers', $4, $5)`,
    [base.toString(), username, `Followed ${tag}`, created, count],
  );
  await db.query(
    `INSERT INTO platform.users (id, username, name, description, created_at, following_count)
     SELECT $1::bigint + i, 'f' || $2 || '_' || i, 'Follower ' || i || ' of ' || $2, 'follower number ' || i, $3::timestamptz + i * interval '1 second', 1
     FROM generate_series(1, $4::int) i`,
    [base.toString(), tag, created, count],
  );
  await db.query(
    `INSERT INTO platform.follows (id, follower_id, followee_id)
     SELECT $1::bigint + i, $1::bigint + i, $1::bigint FROM generate_series(1, $2::int) i`,
    [base.toString(), count],
  );
  const followerIds = Array.from({ length: count }, (_, i) => (base + BigInt(count - i)).toString());
  return {
    username,
    followerIds,
    remove: async () => {
      await db.query('DELETE FROM platform.users WHERE id BETWEEN $1::bigint AND $1::bigint + $2::int', [base.toString(), count]);
    },
  };
}

/** The export's row, failing when it is gone. */
export async function exportRow(id: string): Promise<ExportRow> {
  const row = await readExport(id);
  if (!row) throw new Error(`export ${id} is gone`);
  return row;
}

/** Waits until the export's row satisfies `probe`; returns that row. */
export async function waitForExport(id: string, probe: (row: ExportRow) => boolean, timeoutMs = 60_000): Promise<ExportRow> {
  let last: ExportRow | null = null;
  try {
    await waitFor(async () => {
      last = await exportRow(id);
      return probe(last);
    }, timeoutMs);
  } catch (error) {
    throw new Error(`export ${id}: ${(error as Error).message}; last seen ${JSON.stringify(last)}`);
  }
  return last!;
}

/** Open credit holds of a workspace. */
export async function openHolds(userId: string): Promise<number> {
  const { rows } = await getPool().query<{ n: number }>('SELECT count(*)::int AS n FROM credit_holds WHERE user_id = $1', [userId]);
  return rows[0].n;
}

/** What the workspace's export pages were charged, from usage (source `export`). */
export async function exportUsage(exportId: string): Promise<{ pages: number; items: number; credits: number }> {
  const { rows } = await getPool().query<{ pages: number; items: number; credits: number }>(
    `SELECT count(*) FILTER (WHERE status = 200)::int AS pages, coalesce(sum(items), 0)::int AS items, coalesce(sum(credits), 0)::int AS credits
     FROM usage_events WHERE source = 'export' AND params->>'export_id' = $1`,
    [exportId],
  );
  return rows[0];
}

/** The committed bytes of an export's file (its first file_bytes bytes). */
export function committedFile(directory: string, row: ExportRow): Buffer {
  const file = path.join(directory, `export-${row.id}.${row.format}`);
  return fs.readFileSync(file).subarray(0, Number(row.file_bytes));
}

/** A JSONL export's lines, parsed. */
export function jsonlRecords(data: Buffer): unknown[] {
  const text = data.toString('utf8');
  if (text === '') return [];
  if (!text.endsWith('\n')) throw new Error('a JSONL export ends with a newline');
  return text.slice(0, -1).split('\n').map((line) => JSON.parse(line) as unknown);
}

/** Finishes whatever exports the workspaces left unfinished, so no later runner in the test run picks them up. */
export async function cancelUnfinishedExports(userIds: string[]): Promise<void> {
  await getPool().query(
    `UPDATE exports SET status = 'cancelled', paused_reason = NULL, resume_at = NULL, finished_at = now(), lease_owner = NULL, lease_until = NULL
     WHERE user_id = ANY($1::text[]) AND status IN ('queued', 'running', 'paused')`,
    [userIds],
  );
}

type PlatformCall = (...args: unknown[]) => Promise<unknown>;

/** The served platforms with one method of the local platform replaced: a failing or slow upstream, for a runner in the test process. */
export function servedWith(name: keyof Platform, replace: (original: PlatformCall) => PlatformCall): ServedPlatforms {
  const served = getServedPlatforms();
  const local = served.byName.get('local')!;
  const original = (local[name] as PlatformCall).bind(local);
  const replaced = replace(original);
  const wrapped = new Proxy(local, { get: (target, prop, receiver) => (prop === name ? replaced : Reflect.get(target, prop, receiver)) });
  return { ...served, defaultPlatform: wrapped, byName: new Map([...served.byName, ['local', wrapped]]) };
}

/** An active webhook endpoint of the workspace (never reached: nothing listens on port 9), for counting the end events queued to it. */
export async function addWebhookEndpoint(userId: string): Promise<void> {
  await getPool().query(`INSERT INTO realtime_endpoints (user_id, url, secret) VALUES ($1, 'http://127.0.0.1:9/export-hook', 'whsec_test')`, [userId]);
}

/** How many end events (export.completed / export.failed) were queued for the export. */
export async function endEvents(exportId: string): Promise<string[]> {
  const { rows } = await getPool().query<{ event: string }>(`SELECT event FROM realtime_deliveries WHERE data->'export'->>'id' = $1 ORDER BY event`, [exportId]);
  return rows.map((row) => row.event);
}
