import type pg from 'pg';
import { getPool } from '@/lib/db/pool';

// An external stream's position (realtime_stream_cursors), per stream: written in the
// transaction that records the matches of the events up to it, so a restart neither loses nor
// repeats a batch.

/** The stored position of `source`, or null (never read, or reset to live). */
export async function loadStreamCursor(source: string): Promise<number | null> {
  const { rows } = await getPool().query<{ cursor: string }>('SELECT cursor::text FROM realtime_stream_cursors WHERE source = $1', [source]);
  return rows[0] ? Number(rows[0].cursor) : null;
}

/** Stores `source`'s position inside the caller's transaction. */
export async function saveStreamCursor(client: pg.PoolClient, source: string, cursor: number): Promise<void> {
  await client.query(
    `INSERT INTO realtime_stream_cursors (source, cursor) VALUES ($1, $2)
     ON CONFLICT (source) DO UPDATE SET cursor = excluded.cursor, updated_at = now()`,
    [source, cursor],
  );
}

/** Forgets `source`'s position: the next read starts live. */
export async function clearStreamCursor(source: string): Promise<void> {
  await getPool().query('DELETE FROM realtime_stream_cursors WHERE source = $1', [source]);
}
