// Metrics and logs on vs off on the /v2 path alone (server.ts here), by server CPU µs per getUser
// call: quicker than `BENCH_CASES=metrics npm run bench` (no dashboard build), for working on
// lib/observability. On a migrated or empty database, for example:
//   DATABASE_URL=postgresql://…/perch_observed npx tsx scripts/bench/observed/compare.ts
// OBSERVED_PROFILE=<dir> runs both servers with --cpu-prof (profiles in <dir>/on and <dir>/off).
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { migrateDatabase } from '@/lib/db/migrate';
import { closePool, getPool } from '@/lib/db/pool';
import { ensurePlatformSeeded } from '@/lib/server/ensure-platform-seeded';
import { benchKey } from '../bench-key';
import { cpuMicros } from '../process-cpu';
import { NODE_FLAGS } from '../processes';
import { freePort } from '@/lib/server/free-port';

const TURN_S = Number(process.env.OBSERVED_TURN_S ?? 6);
const ROUNDS = Number(process.env.OBSERVED_ROUNDS ?? 4);
// V8 compiles the hot path for about 10 s of load (scripts/bench.ts): turns start after that.
const WARM_UP_S = Number(process.env.OBSERVED_WARM_UP_S ?? 12);
const PROFILE_DIR = process.env.OBSERVED_PROFILE;

type Side = 'on' | 'off';

function start(side: Side, port: number): Promise<ChildProcess> {
  const flags = [...NODE_FLAGS, ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}/${side}`] : []), '--import', 'tsx', 'scripts/bench/observed/server.ts'];
  const extra: Record<string, string> = { MODE: side, PORT: String(port), NODE_ENV: 'production', PERCH_LOG_LEVEL: side === 'on' ? 'info' : 'error', OTEL_EXPORTER_OTLP_ENDPOINT: '' };
  const child = spawn(process.execPath, flags, { env: { ...process.env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'] });
  // Read, never parsed: a full pipe would block the server's log writes.
  child.stdout!.resume();
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`the ${side} server exited with code ${code}`)));
    child.stderr!.on('data', (chunk: Buffer) => (chunk.toString().includes('ready') ? resolve(child) : process.stderr.write(chunk)));
  });
}

async function load(url: string, key: string, seconds: number): Promise<number> {
  const result = await autocannon({ url, headers: { authorization: `Bearer ${key}` }, connections: 32, duration: seconds });
  if (result.errors + result.non2xx > 0) throw new Error(`${result.errors + result.non2xx} failed calls on ${url}`);
  return result.requests.total;
}

async function main(): Promise<void> {
  const database = process.env.DATABASE_URL;
  if (!database) throw new Error('DATABASE_URL must name the database to bench on');
  await migrateDatabase(database, { quiet: true });
  await ensurePlatformSeeded(database, 'demo');
  const email = 'observed-bench@perch.local';
  const { key } = await benchKey(email, { name: 'observed bench' });
  const { rows } = await getPool().query<{ username: string }>('SELECT username FROM platform.users ORDER BY followers_count DESC LIMIT 1');
  const servers = { on: { port: await freePort() }, off: { port: await freePort() } } as Record<Side, { port: number; child?: ChildProcess }>;
  for (const side of ['on', 'off'] as const) servers[side].child = await start(side, servers[side].port);
  const url = (side: Side) => `http://127.0.0.1:${servers[side].port}/v2/users/${rows[0].username}`;
  try {
    for (const side of ['on', 'off'] as const) await load(url(side), key, WARM_UP_S);
    const total = { on: { cpu: 0, calls: 0 }, off: { cpu: 0, calls: 0 } };
    for (let round = 0; round < ROUNDS; round += 1) {
      // Alternating which side goes first: the machine's speed drifts.
      for (const side of (round % 2 === 0 ? ['on', 'off'] : ['off', 'on']) as Side[]) {
        const pid = servers[side].child!.pid!;
        const before = cpuMicros(pid);
        const calls = await load(url(side), key, TURN_S);
        const spent = cpuMicros(pid) - before;
        total[side].cpu += spent;
        total[side].calls += calls;
        console.log(`round ${round} ${side}: ${Math.round(calls / TURN_S)} req/s, ${Math.round(spent / calls)} µs CPU/call`);
      }
    }
    const on = total.on.cpu / total.on.calls;
    const off = total.off.cpu / total.off.calls;
    console.log(`on ${Math.round(on)}, off ${Math.round(off)} µs CPU per call: off/on ${(off / on).toFixed(2)}; req/s on/off ${(total.on.calls / total.off.calls).toFixed(2)}`);
  } finally {
    for (const side of ['on', 'off'] as const) servers[side].child?.kill('SIGTERM');
    await closePool();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
