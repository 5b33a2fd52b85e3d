// Profiles a follower-id export in-process (no server, no job queue): where a page's time goes.
// Runs on the database `npm run bench:export` seeded (@million's followers), for example:
//   DATABASE_URL=postgresql://…/perch_bench_export npx tsx scripts/bench/profile-export.ts
// It runs the export through runExportSlice (every step, as the runner does) with the file
// writes timed, then with writes that skip the datasync, then times the platform read alone
// and a hold + settle alone over the same number of pages, and prints each per page.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runMigrations } from 'graphile-worker';
import { accountIdByEmail, createAccount } from '@/lib/admin/create-account';
import { dispatch } from '@/lib/api/dispatch';
import { runExportSlice, type ExportRunOptions } from '@/lib/api/exports/run-export';
import { grantCredits, placeHold, settleHold } from '@/lib/credits';
import { inTransaction } from '@/lib/db/transaction';
import { closePool } from '@/lib/db/pool';
import type { ExportStorage } from '@/lib/exports/export-storage';
import { localExportStorage } from '@/lib/exports/local-export-storage';
import { issueKey } from '@/lib/keys';
import { stopMetering } from '@/lib/metering/meter';
import { localPlatform } from '@/lib/platform/local';
import { getServedPlatforms } from '@/lib/platform/served-platforms';

const USERNAME = process.env.PROFILE_USERNAME ?? 'million';
const PAGE = 5000;

/** A storage whose writeAt time is summed, optionally without the datasync. */
function timed(directory: string, sync: boolean): ExportStorage & { ms: number; pages: number } {
  const inner = localExportStorage(directory);
  const storage = {
    ...inner,
    ms: 0,
    pages: 0,
    async writeAt(name: string, offset: number, data: Buffer) {
      const t = performance.now();
      if (sync) {
        await inner.writeAt(name, offset, data);
      } else {
        const handle = await fsp.open(path.join(directory, name), fs.existsSync(path.join(directory, name)) ? 'r+' : 'w+');
        await handle.truncate(offset);
        await handle.write(data, 0, data.length, offset);
        await handle.close();
      }
      storage.ms += performance.now() - t;
      storage.pages += 1;
    },
  };
  return storage;
}

async function main() {
  await runMigrations({ connectionString: process.env.DATABASE_URL });
  const email = 'profile-export@perch.local';
  const userId = await accountIdByEmail(email).catch(async () => (await createAccount({ email, password: 'bench-password-123', credits: 0 })).id);
  await grantCredits(userId, 10_000_000_000, 'profile');
  const key = (await issueKey({ userId, name: 'p', scopes: ['read'], rateLimit: 100_000 })).key;
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-profile-export-'));
  try {
    for (const sync of [true, false]) {
      const response = await dispatch(
        new Request('http://perch.test/v2/exports', {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ operation: 'getUserFollowerIds', params: { username: USERNAME } }),
        }),
      );
      const job = ((await response.json()) as { data: { id: string } }).data;
      const storage = timed(directory, sync);
      const options: ExportRunOptions = {
        owner: 'profile',
        leaseMs: 60_000,
        sliceMs: 600_000,
        failAfterMs: 3_600_000,
        pageTimeoutMs: 30_000,
        storage,
        served: getServedPlatforms(),
        requeue: async () => undefined,
      };
      const t = performance.now();
      const outcome = await runExportSlice(job.id, options);
      const ms = performance.now() - t;
      console.log(
        `export (${sync ? 'datasync' : 'no datasync'}): ${outcome}, ${storage.pages} pages, ${(ms / storage.pages).toFixed(2)} ms/page ` +
          `(${Math.round((storage.pages * PAGE) / (ms / 1000))} ids/s), file writes ${(storage.ms / storage.pages).toFixed(2)} ms/page`,
      );
    }

    let after = null;
    let pages = 0;
    let t = performance.now();
    for (;;) {
      const page = await localPlatform.getUserFollowerIds(USERNAME, { count: PAGE, after });
      let out = '';
      for (const id of page.items) out += `${JSON.stringify(id)}\n`;
      Buffer.from(out);
      pages += 1;
      if (!page.next) break;
      after = page.next;
    }
    console.log(`platform read + JSONL alone: ${((performance.now() - t) / pages).toFixed(2)} ms/page`);

    t = performance.now();
    for (let i = 0; i < pages; i += 1) {
      const hold = await placeHold({ userId, keyId: null, requestId: `profile-${Date.now()}-${i}`, amount: PAGE });
      if (!hold.ok) throw new Error('hold refused');
      await inTransaction((client) => settleHold({ holdId: hold.holdId, charge: PAGE, usage: { operation: 'getUserFollowerIds', tag: 'Users', source: 'export', params: {}, status: 200, items: PAGE, latencyMs: 1 } }, client));
    }
    console.log(`hold + settle alone: ${((performance.now() - t) / pages).toFixed(2)} ms/page`);
  } finally {
    fs.rmSync(directory, { recursive: true, force: true });
    await stopMetering();
    await closePool();
  }
}

// The key change listener and the job queue's pool would keep the process alive.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
