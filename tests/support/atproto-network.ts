import crypto from 'node:crypto';
import { TestNetwork } from '@atproto/dev-env';
import pg from 'pg';

// A real local AT Protocol network for the Bluesky adapter's tests: PLC directory, PDS and
// AppView (plus the Ozone moderation service dev-env always starts) from @atproto/dev-env, on the
// machine's PostgreSQL in schemas unique to this run, dropped again on stop. One per test file:
// it takes a few seconds and some 400 MB.

export type AtprotoNetwork = {
  network: TestNetwork;
  /** The AppView's URL: what PERCH_BLUESKY_APPVIEW_URL points at. */
  appViewUrl: string;
  /** The PDS's URL: where accounts log in (PERCH_BLUESKY_SERVICE_URL). */
  pdsUrl: string;
  stop: () => Promise<void>;
};

/** Starts a network on DATABASE_URL's server (the tests' PostgreSQL) and Redis. */
export async function startAtprotoNetwork(): Promise<AtprotoNetwork> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('the AT Protocol network needs DATABASE_URL (a PostgreSQL server it may create schemas on)');
  const redis = new URL(process.env.PERCH_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  process.env.REDIS_HOST = `${redis.hostname}:${redis.port || 6379}`;
  // Letters and underscores only: the AppView refuses other schema names.
  const schema = `perch_atp_${Array.from(crypto.randomBytes(10), (byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;
  const network = await TestNetwork.create({ dbPostgresUrl: databaseUrl, dbPostgresSchema: schema });
  return {
    network,
    appViewUrl: network.bsky.url,
    pdsUrl: network.pds.url,
    stop: async () => {
      // Teardown must not hang a test file: a CI run once waited out the 300 s hook timeout here.
      // What is not closed or dropped in time is left to the end of the run, which drops the
      // whole test database; the warning says which step it was.
      await within(60_000, 'closing the AT Protocol network', () => network.close());
      const client = new pg.Client({ connectionString: databaseUrl, statement_timeout: 30_000, lock_timeout: 30_000 });
      await client.connect();
      try {
        for (const name of [`appview_${schema}`, `ozone_${schema}`, schema]) {
          await client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`).catch((error: Error) => console.warn(`[atproto] schema ${name} left to the end of the run: ${error.message}`));
        }
      } finally {
        await client.end();
      }
    },
  };
}

/** Runs `step`, giving up on waiting for it (with a warning) after `ms`. */
async function within(ms: number, what: string, step: () => Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  try {
    if ((await Promise.race([step().then(() => 'done' as const), late])) === 'late') console.warn(`[atproto] ${what} took over ${ms} ms: going on without it`);
  } finally {
    clearTimeout(timer);
  }
}
