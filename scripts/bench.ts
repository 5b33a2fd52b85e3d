// `npm run bench`: starts the production server (demo scale, live activity off) and a bare
// node:http + pg server running the same platform SQL, loads both with autocannon, and
// prints requests/s, p50 and p99 for getUser, searchTweets (count 20) and
// getUserFollowerIds (count 5000), with the ratio of the two.
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { grantCredits } from '@/lib/credits';
import { ensureDatabase } from '@/lib/db/ensure-database';
import { migrateDatabase } from '@/lib/db/migrate';
import { closePool, getPool } from '@/lib/db/pool';
import { issueKey } from '@/lib/keys';
import { ensurePlatformSeeded } from '@/lib/server/ensure-platform-seeded';
import { createAccount, accountIdByEmail } from '@/lib/admin/create-account';
import { freePort } from '@/lib/server/free-port';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

function startProcess(args: string[], env: Record<string, string>, readyText: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes(readyText)) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with code ${code}`)));
  });
}

type Measure = { rps: number; p50: number; p99: number; errors: number };

async function load(options: autocannon.Options): Promise<Measure> {
  await autocannon({ ...options, connections: CONNECTIONS, duration: 2 }); // warm caches and JIT
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION_S });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function benchKey(): Promise<string> {
  const email = 'bench@perch.local';
  const userId = await accountIdByEmail(email).catch(async () => (await createAccount({ email, password: 'bench-password-123', credits: 0 })).id);
  await grantCredits(userId, 1_000_000_000_000, 'benchmark');
  return (await issueKey({ userId, name: `bench ${new Date().toISOString()}`, scopes: ['read'], rateLimit: 100_000 })).key;
}

async function main(): Promise<void> {
  const database = await ensureDatabase();
  const children: ChildProcess[] = [];
  try {
    await migrateDatabase(database.url, { quiet: true });
    await ensurePlatformSeeded(database.url, 'demo');
    const key = await benchKey();
    const { rows } = await getPool().query<{ username: string }>('SELECT username FROM platform.users ORDER BY followers_count DESC LIMIT 1');
    const username = rows[0].username;
    const { rows: words } = await getPool().query<{ word: string }>(
      `SELECT word FROM ts_stat('SELECT search_doc FROM platform.tweets WHERE id IN (SELECT id FROM platform.tweets ORDER BY id DESC LIMIT 5000)')
        WHERE length(word) > 3 ORDER BY ndoc DESC LIMIT 1`,
    );
    const query = words[0].word;

    const apiPort = await freePort();
    const barePort = await freePort();
    const env = { DATABASE_URL: database.url, PORT: String(apiPort), PERCH_LIVE: '0', NODE_ENV: 'production' };
    children.push(await startProcess(['server.ts'], env, 'ready on'));
    children.push(await startProcess(['scripts/bench/bare-server.ts', String(barePort)], { DATABASE_URL: database.url }, 'ready'));

    const api = `http://127.0.0.1:${apiPort}`;
    const bare = `http://127.0.0.1:${barePort}`;
    const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const cases = [
      { name: 'getUser', api: { url: `${api}/v2/users/${username}`, headers: auth }, bare: { url: `${bare}/user?username=${username}` } },
      {
        name: 'searchTweets (count 20)',
        api: { url: `${api}/v2/search`, method: 'POST' as const, headers: auth, body: JSON.stringify({ query, count: 20 }) },
        bare: { url: `${bare}/search`, method: 'POST' as const, body: JSON.stringify({ query }) },
      },
      {
        name: 'getUserFollowerIds (count 5000)',
        api: { url: `${api}/v2/users/${username}/followers-ids?count=5000`, headers: auth },
        bare: { url: `${bare}/followers-ids?username=${username}` },
      },
    ];
    console.log(`\nautocannon -c ${CONNECTIONS} -d ${DURATION_S}s; user @${username}, search "${query}"\n`);
    const table: Record<string, Record<string, string | number>> = {};
    for (const c of cases) {
      const perch = await load(c.api);
      const baseline = await load(c.bare);
      table[c.name] = {
        'perch req/s': Math.round(perch.rps),
        'perch p50 ms': perch.p50,
        'perch p99 ms': perch.p99,
        'bare req/s': Math.round(baseline.rps),
        'bare p50 ms': baseline.p50,
        'bare p99 ms': baseline.p99,
        'perch/bare': (perch.rps / baseline.rps).toFixed(2),
        errors: perch.errors + baseline.errors,
      };
    }
    console.table(table);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await closePool();
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
