import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
afterAll(() => pool.end());

describe('migrations', () => {
  it('create the app tables in public and the platform tables in their own schema', async () => {
    const { rows } = await pool.query<{ schema: string; table: string }>(
      `SELECT table_schema AS schema, table_name AS table FROM information_schema.tables
       WHERE table_schema IN ('public', 'platform') ORDER BY 1, 2`,
    );
    const names = rows.map((r) => `${r.schema}.${r.table}`);
    for (const table of ['public.users', 'public.api_keys', 'public.credit_balances', 'public.usage_events', 'platform.users', 'platform.tweets', 'platform.follows', 'platform.likes', 'platform.lists', 'platform.communities']) {
      expect(names).toContain(table);
    }
  });

  it('record every migration directory as applied', async () => {
    const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`);
    const fs = await import('node:fs');
    const dirs = fs.readdirSync('prisma/migrations', { withFileTypes: true }).filter((d) => d.isDirectory());
    expect(rows[0].n).toBe(dirs.length);
  });
});
