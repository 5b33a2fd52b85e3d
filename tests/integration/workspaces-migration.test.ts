import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '@/lib/credits';
import { migrateDatabase } from '@/lib/db/migrate';
import { closePool } from '@/lib/db/pool';
import { migrateUpTo, migrationNames } from '../support/migrate-up-to';
import { PEOPLE, PRE_WORKSPACES_DATA_SQL, snapshotRows, tableColumns } from '../support/pre-workspaces-data';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The workspaces migration on a database that was in use: a fresh database is migrated up to
// the last migration before workspaces, filled with months' worth of accounts, keys, ledger,
// usage, realtime and connections, snapshotted, then migrated the rest of the way with the
// production runner. Nothing an account owned may change; every person gets a personal
// workspace with their own id.

const LAST_BEFORE = '20261127170000_delivery_attempt_times';
const WORKSPACES = '20261128090000_workspaces';
const SLUG = /^[a-z0-9]([a-z0-9-]{0,46}[a-z0-9])?$/;

// What each account owned is now owned by a workspace; what a person is stays on users.
const OWNED = ['api_keys', 'credit_balances', 'credit_grants', 'credit_holds', 'credit_leases', 'platform_connections', 'bluesky_connections', 'x_connections', 'realtime_rules', 'realtime_endpoints', 'realtime_stream_slots', 'stripe_payments', 'balance_alerts'];
const PERSONAL = ['sessions', 'accounts', 'account_tokens', 'totp_recovery_codes'];

let database: TestDatabase;
let pool: pg.Pool;
let runUrl: string | undefined;
let columnsBefore: Map<string, string[]>;
const rowsBefore = new Map<string, string[]>();
const ledgersBefore = new Map<string, Ledger>();
let appliedAfter: string[];

// The ledger identity as it stood before workspaces, read with the old schema's columns only:
// lib/credits' checkLedger follows the current schema, so it audits the migrated database.
const LEDGER_SQL = `
  SELECT u.id,
    coalesce((SELECT balance FROM credit_balances WHERE user_id = u.id), 0)::bigint AS balance,
    coalesce((SELECT sum(amount) FROM credit_grants WHERE user_id = u.id), 0)::bigint AS grants,
    coalesce((SELECT sum(credits) FROM usage_daily WHERE user_id = u.id), 0)::bigint AS usage,
    coalesce((SELECT sum(amount) FROM credit_holds WHERE user_id = u.id), 0)::bigint AS holds,
    coalesce((SELECT sum(amount) FROM credit_leases WHERE user_id = u.id), 0)::bigint AS leased,
    NOT EXISTS (
      SELECT 1 FROM api_keys k WHERE k.user_id = u.id AND (
        k.credits_held <> coalesce((SELECT sum(h.amount) FROM credit_holds h WHERE h.key_id = k.id), 0)
        OR k.credits_spent <> coalesce((SELECT sum(d.credits) FROM usage_daily d WHERE d.user_id = u.id AND d.key_id = k.id), 0)
        OR k.credits_leased <> coalesce((SELECT sum(l.amount) FROM credit_leases l WHERE l.key_id = k.id), 0))
    ) AS keys_ok
  FROM users u WHERE u.id = ANY($1)`;

type Ledger = { balance: number; grants: number; usage: number; holds: number; leased: number; keysOk: boolean };

async function ledgers(): Promise<Map<string, Ledger>> {
  const { rows } = await pool.query<{ id: string; balance: string; grants: string; usage: string; holds: string; leased: string; keys_ok: boolean }>(LEDGER_SQL, [Object.values(PEOPLE).map((p) => p.id)]);
  return new Map(rows.map((r) => [r.id, { balance: Number(r.balance), grants: Number(r.grants), usage: Number(r.usage), holds: Number(r.holds), leased: Number(r.leased), keysOk: r.keys_ok }]));
}

/** The slug the migration promises: the address's local part made URL-safe, and 10 hex digits of md5(id). */
function expectedSlug(email: string, id: string): string {
  const local = email.split('@')[0].toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 30);
  return `${local || 'workspace'}-${crypto.createHash('md5').update(id).digest('hex').slice(0, 10)}`;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const applied = await migrateUpTo(database.url, LAST_BEFORE);
  expect(applied.at(-1)).toBe(LAST_BEFORE);
  expect(applied).not.toContain(WORKSPACES);
  pool = new pg.Pool({ connectionString: database.url });
  await pool.query(PRE_WORKSPACES_DATA_SQL);
  columnsBefore = await tableColumns(pool);
  for (const [table, columns] of columnsBefore) rowsBefore.set(table, await snapshotRows(pool, table, columns));
  for (const [id, ledger] of await ledgers()) ledgersBefore.set(id, ledger);
  // lib/credits reads through the process pool: pointed at this database for the whole file.
  runUrl = process.env.DATABASE_URL;
  process.env.DATABASE_URL = database.url;

  const { rows } = await pool.query<{ name: string }>('SELECT migration_name AS name FROM _prisma_migrations');
  const done = new Set(rows.map((row) => row.name));
  await migrateDatabase(database.url, { quiet: true });
  const { rows: after } = await pool.query<{ name: string }>('SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY migration_name');
  appliedAfter = after.map((row) => row.name).filter((name) => !done.has(name));
}, 300_000);

afterAll(async () => {
  await closePool();
  if (runUrl !== undefined) process.env.DATABASE_URL = runUrl;
  await pool?.end();
  await database?.drop();
});

describe('the workspaces migration on a populated database', () => {
  it('applies the workspaces migration and every later one, and only those', () => {
    const names = migrationNames();
    expect(appliedAfter).toEqual(names.slice(names.indexOf(LAST_BEFORE) + 1));
    expect(appliedAfter[0]).toBe(WORKSPACES);
  });

  it('had something in every table an account owns before it ran', () => {
    for (const table of [...OWNED, ...PERSONAL, 'usage_events', 'usage_daily', 'realtime_matches', 'realtime_deliveries', 'idempotency_records', 'users']) {
      expect(rowsBefore.get(table)?.length, table).toBeGreaterThan(0);
    }
  });

  it('keeps every row of every table as it was, ids included', async () => {
    const columnsAfter = await tableColumns(pool);
    for (const [table, columns] of columnsBefore) {
      expect(columnsAfter.get(table), `${table} keeps its columns`).toEqual(expect.arrayContaining(columns));
      expect(await snapshotRows(pool, table, columns), table).toEqual(rowsBefore.get(table));
    }
  });

  it('keeps every ledger adding up, with the same balance, grants, usage, holds and leases', async () => {
    const after = await ledgers();
    for (const person of Object.values(PEOPLE)) {
      const before = ledgersBefore.get(person.id)!;
      expect(before.keysOk, person.id).toBe(true);
      expect(before.balance, `${person.id} before`).toBe(person.balance);
      expect(before.balance, `${person.id} before`).toBe(before.grants - before.usage - before.holds - before.leased);
      expect(after.get(person.id), person.id).toEqual(before);
      // And the audit of today's code, on the migrated database, agrees.
      const report = await checkLedger(person.id);
      expect(report, person.id).toMatchObject({ ok: true, balance: before.balance, grants: before.grants, usage: before.usage, holds: before.holds, leased: before.leased });
    }
  });

  it('gives each person one personal workspace with their id, their creation time, and them as owner', async () => {
    const { rows } = await pool.query<{ id: string; email: string; created_at: Date; slug: string | null; name: string; personal: boolean; created_by: string; ws_created: Date; members: Array<{ user_id: string; role: string }> }>(
      `SELECT u.id, u.email, u.created_at, w.slug, w.name, w.personal, w.created_by, w.created_at AS ws_created,
              (SELECT coalesce(json_agg(json_build_object('user_id', m.user_id, 'role', m.role)), '[]') FROM workspace_members m WHERE m.workspace_id = u.id) AS members
         FROM users u LEFT JOIN workspaces w ON w.id = u.id ORDER BY u.id`,
    );
    expect(rows).toHaveLength(Object.keys(PEOPLE).length);
    for (const row of rows) {
      expect(row, row.id).toMatchObject({ name: 'Personal', personal: true, created_by: row.id, ws_created: row.created_at, members: [{ user_id: row.id, role: 'owner' }] });
      expect(row.slug, row.id).toBe(expectedSlug(row.email, row.id));
    }
    const { rows: extra } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM workspaces WHERE id NOT IN (SELECT id FROM users)');
    expect(extra[0].n).toBe(0);
    const { rows: memberships } = await pool.query<{ user_id: string; n: number }>('SELECT user_id, count(*)::int AS n FROM workspace_members GROUP BY user_id');
    expect(memberships.every((m) => m.n === 1)).toBe(true);
    const { rows: last } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE last_workspace_id IS NOT NULL');
    expect(last[0].n).toBe(0);
  });

  it('makes slugs that are unique and valid, even for the same local part and for one with no letters', async () => {
    const { rows } = await pool.query<{ id: string; slug: string }>('SELECT id, slug FROM workspaces');
    expect(new Set(rows.map((row) => row.slug)).size).toBe(rows.length);
    for (const { slug } of rows) {
      expect(slug).toMatch(SLUG);
      expect(slug.length).toBeLessThanOrEqual(48);
    }
    const slugOf = (id: string) => rows.find((row) => row.id === id)?.slug;
    expect(slugOf(PEOPLE.alice.id)).toMatch(/^alice-smith-perch-[0-9a-f]{10}$/);
    expect(slugOf(PEOPLE.alice2.id)).toMatch(/^alice-[0-9a-f]{10}$/);
    expect(slugOf(PEOPLE.symbols.id)).toMatch(/^workspace-[0-9a-f]{10}$/);
  });

  it('marks a deleted person’s workspace deleted at the same moment, and no one else’s', async () => {
    const { rows } = await pool.query<{ id: string; deleted: Date | null; ws_deleted: Date | null }>('SELECT u.id, u.deleted_at AS deleted, w.deleted_at AS ws_deleted FROM users u JOIN workspaces w ON w.id = u.id');
    for (const row of rows) expect(row.ws_deleted, row.id).toEqual(row.deleted);
    expect(rows.filter((row) => row.ws_deleted !== null).map((row) => row.id)).toEqual([PEOPLE.bob.id]);
  });

  it('records each key’s owner as the person who issued it', async () => {
    const { rows } = await pool.query<{ id: string; user_id: string; created_by: string | null }>('SELECT id, user_id, created_by FROM api_keys ORDER BY id');
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const row of rows) expect(row.created_by, row.id).toBe(row.user_id);
  });

  it('points each owned table at workspaces and leaves what belongs to a person on users', async () => {
    const { rows } = await pool.query<{ table: string; target: string }>(
      `SELECT conrelid::regclass::text AS table, confrelid::regclass::text AS target FROM pg_constraint
        WHERE contype = 'f' AND connamespace = 'public'::regnamespace AND conkey = ARRAY[(SELECT attnum FROM pg_attribute WHERE attrelid = conrelid AND attname = 'user_id')]`,
    );
    const targets = (table: string) => rows.filter((row) => row.table === table).map((row) => row.target);
    for (const table of OWNED) expect(targets(table), table).toEqual(['workspaces']);
    for (const table of PERSONAL) expect(targets(table), table).toEqual(['users']);
  });

  it('gives a person made after it their personal workspace, by trigger, with a slug of its own', async () => {
    const id = 'cm_after0000000000000008';
    await pool.query(`INSERT INTO users (id, email, updated_at) VALUES ($1, 'alice@third.test', now())`, [id]);
    const { rows } = await pool.query<{ slug: string; name: string; personal: boolean; created_by: string; role: string }>(
      'SELECT w.slug, w.name, w.personal, w.created_by, m.role FROM workspaces w JOIN workspace_members m ON m.workspace_id = w.id AND m.user_id = w.id WHERE w.id = $1',
      [id],
    );
    expect(rows).toEqual([{ slug: expectedSlug('alice@third.test', id), name: 'Personal', personal: true, created_by: id, role: 'owner' }]);
    expect(rows[0].slug).not.toBe((await pool.query<{ slug: string }>('SELECT slug FROM workspaces WHERE id = $1', [PEOPLE.alice2.id])).rows[0].slug);
    // Its owned rows go where the old ones are: under the same id.
    await pool.query('INSERT INTO credit_balances (user_id, balance) VALUES ($1, 0)', [id]);
  });
});
