// The baseline `npm run bench:export` compares an export with: one plain pg client walking the
// same keyset (follows_followers, newest follow first) with the same page size, writing the
// same JSONL lines to a file. No job, no credits, no per-page commit or fsync.
import fsp from 'node:fs/promises';
import pg from 'pg';
import { USER_COLUMNS, toUser, type UserRow } from '@/lib/platform/local/user-row';
import type { User } from '@/lib/platform/types';

export type ScanResult = { items: number; seconds: number; bytes: number };

type Kind = 'ids' | 'followers';

// ids: the follower id strings, one JSON string a line (getUserFollowerIds' records).
// followers: each follower's User record as the API serialises it (toUser over the same
// columns, then `viewer: null` as a key without a connected account gets), one object a line.
const SELECT: Record<Kind, string> = {
  ids: 'f.follower_id::text AS id',
  followers: USER_COLUMNS,
};

/** Pages through `userId`'s followers `pageSize` at a time into `file`; items/s is items over the whole walk. */
export async function bareExportScan(url: string, kind: Kind, userId: string, pageSize: number, file: string): Promise<ScanResult> {
  const client = new pg.Client({ connectionString: url, application_name: 'perch-bench-bare-scan' });
  await client.connect();
  const handle = await fsp.open(file, 'w');
  const started = performance.now();
  let items = 0;
  let bytes = 0;
  try {
    const from = kind === 'ids' ? 'platform.follows f' : 'platform.follows f JOIN platform.users u ON u.id = f.follower_id';
    const text = (after: boolean) =>
      `SELECT ${SELECT[kind]}, f.id::text AS k FROM ${from} WHERE f.followee_id = $1::bigint${after ? ' AND f.id < $3::bigint' : ''}
       ORDER BY f.id DESC LIMIT $2`;
    let after: string | null = null;
    for (;;) {
      const { rows }: pg.QueryResult<{ id: string; k: string } & UserRow> = await client.query(
        after === null ? { name: `bare-${kind}-first`, text: text(false), values: [userId, pageSize] } : { name: `bare-${kind}-next`, text: text(true), values: [userId, pageSize, after] },
      );
      let out = '';
      if (kind === 'ids') for (const row of rows) out += `${JSON.stringify(row.id)}\n`;
      else
        for (const row of rows) {
          // `viewer` set on the record as the API does (a spread copy takes V8's slow path).
          const user: User & { viewer?: null } = toUser(row);
          user.viewer = null;
          out += `${JSON.stringify(user)}\n`;
        }
      const data = Buffer.from(out, 'utf8');
      await handle.write(data);
      items += rows.length;
      bytes += data.length;
      if (rows.length < pageSize) break;
      after = rows[rows.length - 1].k;
    }
  } finally {
    await handle.close();
    await client.end();
  }
  return { items, seconds: (performance.now() - started) / 1000, bytes };
}
