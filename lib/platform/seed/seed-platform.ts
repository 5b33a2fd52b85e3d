import pg from 'pg';
import { cancelBackend } from './cancel-backend';
import type { SeedContext } from './context';
import { ProgressReporter, type SeedProgress } from './progress';
import { ACTIVITY_DAYS, SCALES, SEED_SCALES, type SeedScale } from './scales';
import { dropSecondarySchema, restoreSecondarySchema } from './secondary-schema';
import { markSeedComplete, markSeedRunning } from './seed-state';
import { generatePlatform, writePlatform, type SeedCounts } from './write-platform';

export type { SeedProgress } from './progress';
export type { SeedScale } from './scales';
export type { SeedStatus } from './seed-state';
export type { SeedCounts } from './write-platform';
export { SEED_SCALES } from './scales';
export { platformSeedStatus } from './seed-state';

export type SeedOptions = {
  url: string;
  scale: SeedScale;
  /** 0..2147483647; the same seed and anchor give the same rows. Default 1. */
  seed?: number;
  /** The moment the generated activity leads up to. Default: now, rounded down to the hour. */
  anchor?: Date;
  onProgress?: (progress: SeedProgress) => void;
  /** Aborting stops the run (cancelling a running statement) and rolls everything back. */
  signal?: AbortSignal;
};

// The tables a seed owns. TRUNCATE ... CASCADE also empties tables that reference them: their
// rows would point at users and tweets that no longer exist.
const TABLES = [
  'platform.users', 'platform.tweets', 'platform.follows', 'platform.likes', 'platform.tweet_mentions', 'platform.tweet_hashtags',
  'platform.lists', 'platform.list_members', 'platform.list_subscribers', 'platform.communities', 'platform.community_members',
];
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

function validate(options: SeedOptions): { seed: number; anchorMs: number } {
  if (!SEED_SCALES.includes(options.scale)) throw new Error(`unknown scale "${options.scale}": use one of ${SEED_SCALES.join(', ')}`);
  const seed = options.seed ?? 1;
  if (!Number.isInteger(seed) || seed < 0 || seed > 2147483647) throw new Error(`seed must be an integer from 0 to 2147483647, got ${seed}`);
  const anchorMs = options.anchor ? options.anchor.getTime() : Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
  if (!Number.isFinite(anchorMs) || anchorMs < Date.UTC(2012, 0, 1) || anchorMs > Date.UTC(2080, 0, 1)) {
    throw new Error('anchor must be a valid date between 2012 and 2080');
  }
  return { seed, anchorMs };
}

/**
 * Replaces the platform's data with a deterministic generated dataset of the given scale, in
 * one transaction: an error or an abort anywhere leaves the previous data as it was.
 */
export async function seedPlatform(options: SeedOptions): Promise<SeedCounts> {
  const { seed, anchorMs } = validate(options);
  const progress = new ProgressReporter(options.onProgress, options.signal);
  const ctx: SeedContext = { seed, config: SCALES[options.scale], anchorMs, windowStartMs: anchorMs - ACTIVITY_DAYS * DAY_MS, progress };
  options.signal?.throwIfAborted();

  const client = new pg.Client({ connectionString: options.url, application_name: 'perch-seed' });
  await client.connect();
  // A dropped connection also surfaces as an 'error' event; the awaited queries report it.
  client.on('error', () => undefined);
  const pid = (client as unknown as { processID: number }).processID;
  const onAbort = () => void cancelBackend(options.url, pid).catch(() => undefined);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    // What needs no database is generated before the transaction takes its locks.
    const model = generatePlatform(ctx);

    await client.query('BEGIN');
    await client.query(`SET LOCAL maintenance_work_mem = '1GB'`);
    await client.query('SET LOCAL synchronous_commit = off');
    await client.query('SET LOCAL statement_timeout = 0');
    await client.query(`TRUNCATE ${TABLES.join(', ')} CASCADE`);
    await markSeedRunning(client, options.scale, seed);
    const saved = await dropSecondarySchema(client, TABLES);
    const counts = await writePlatform(client, ctx, model);
    await restoreSecondarySchema(client, saved, (done, total) => (done === 0 ? progress.start('indexes', total) : progress.tick(done)));
    progress.finish();
    // Fresh statistics, so the first queries after the seed get good plans.
    progress.start('analyze', TABLES.length);
    for (let k = 0; k < TABLES.length; k++) {
      await client.query(`ANALYZE ${TABLES[k]}`);
      progress.tick(k + 1);
    }
    progress.finish();
    await markSeedComplete(client);
    await client.query('COMMIT');
    return counts;
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    // After a failure this closes the connection mid-transaction (even mid-COPY), and
    // PostgreSQL rolls the whole run back.
    await client.end().catch(() => undefined);
  }
}
