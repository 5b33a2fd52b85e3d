// `npm run bench:export`: issue 29's export benchmark. Gives @million of the embedded platform
// 1,000,000 followers (seeded once, in SQL), starts the production server (server.ts, as
// `npm run bench` does) and exports them through POST /v2/exports:
//   ids        getUserFollowerIds as JSONL, beside a bare keyset scan of the same rows; the ratio;
//   load       the same export again while autocannon loads GET /v2/users/{username} at 32
//              connections (p99 target < 50 ms), beside the same load without an export;
//   kill       the same export, the server kill -9'd mid-way and restarted: the finished file must
//              equal the uninterrupted one byte for byte, and credits = items × price;
//   followers  getUserFollowers (full user records) as JSONL, beside its bare scan.
// For every export: items/s, and the server's RSS (VmRSS) before, at its peak during, and after.
// Targets: ids ≥ 0.5 of the bare scan's items/s, RSS growth < 200 MB, getUser p99 < 50 ms.
//
// On DATABASE_URL's server it uses a database of its own (BENCH_EXPORT_DATABASE, default
// perch_bench_export), kept between runs so the crowd is seeded once; without DATABASE_URL, the
// embedded PostgreSQL. BENCH_CASES picks cases by name (e.g. BENCH_CASES='^ids|kill').
// BENCH_EXPORT_FOLLOWERS changes the crowd's size (default 1,000,000).
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { getBalance } from '@/lib/credits';
import { ensureDatabase, type Database } from '@/lib/db/ensure-database';
import { migrateDatabase } from '@/lib/db/migrate';
import { closePool, getPool } from '@/lib/db/pool';
import { seedFollowerCrowd } from '@/lib/platform/seed/follower-crowd';
import { ensurePlatformSeeded } from '@/lib/server/ensure-platform-seeded';
import { bareExportScan, type ScanResult } from './bench/bare-export-scan';
import { benchKey } from './bench/bench-key';
import { onFreePort, startProcess, stopChild } from './bench/processes';
import { rssMb, sampleRss } from './bench/rss-sampler';

const CASES = new RegExp(process.env.BENCH_CASES ?? '', 'i');
const FOLLOWERS = Number(process.env.BENCH_EXPORT_FOLLOWERS ?? 1_000_000);
const USERNAME = 'million';
const CONNECTIONS = 32;
// A killed server's claim lapses after the lease; the default minute would only make the kill
// case wait. Pages commit every few tens of ms, far inside it.
const LEASE_MS = process.env.PERCH_EXPORT_LEASE_MS ?? '10000';
const ENDED = new Set(['completed', 'failed', 'cancelled']);

type Job = { id: string; status: string; items: number; credits_charged: number; unit_price: number; size_bytes: number; started_at: string | null; finished_at: string | null; error: unknown };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (n: number) => `${Math.round(n)} MB`;
const rate = (items: number, seconds: number) => Math.round(items / seconds);

/** DATABASE_URL's server with a database of the benchmark's own, or the embedded PostgreSQL. */
async function benchDatabase(): Promise<Database> {
  if (!process.env.DATABASE_URL) return ensureDatabase();
  const name = process.env.BENCH_EXPORT_DATABASE ?? 'perch_bench_export';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`BENCH_EXPORT_DATABASE must be a lower-case identifier, got ${name}`);
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    if (!(await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  return ensureDatabase();
}

async function exportKey(email: string): Promise<{ key: string; workspaceId: string }> {
  const { key, userId } = await benchKey(email, { name: 'bench export', credits: 100_000_000_000, reason: 'export benchmark' });
  return { key, workspaceId: userId };
}

/** The pids of a process's descendants (the server's dashboard process), from /proc. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent pid is the 2nd field after the command name, which is in parentheses.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const out: number[] = [];
  const walk = (p: number) => (parents.get(p) ?? []).forEach((child) => (out.push(child), walk(child)));
  walk(pid);
  return out;
}

function filesEqual(a: string, b: string): boolean {
  if (fs.statSync(a).size !== fs.statSync(b).size) return false;
  const fa = fs.openSync(a, 'r');
  const fb = fs.openSync(b, 'r');
  try {
    const ba = Buffer.alloc(1 << 20);
    const bb = Buffer.alloc(1 << 20);
    for (;;) {
      const na = fs.readSync(fa, ba);
      const nb = fs.readSync(fb, bb);
      if (na !== nb || !ba.subarray(0, na).equals(bb.subarray(0, nb))) return false;
      if (na === 0) return true;
    }
  } finally {
    fs.closeSync(fa);
    fs.closeSync(fb);
  }
}

async function main(): Promise<void> {
  const database = await benchDatabase();
  const exportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-bench-export-'));
  const children: ChildProcess[] = [];
  // The server now running (a new one after the kill case's restart).
  const current: { server?: ChildProcess } = {};
  try {
    await migrateDatabase(database.url, { quiet: true });
    await ensurePlatformSeeded(database.url, 'demo');
    const crowd = await seedFollowerCrowd({ url: database.url, username: USERNAME, count: FOLLOWERS, onStep: (step) => console.log(`[crowd] ${step}`) });
    console.log(`[crowd] @${crowd.username} has ${crowd.followers.toLocaleString('en-US')} followers (${crowd.seeded ? `seeded in ${crowd.seconds.toFixed(1)} s` : 'seeded before'})`);
    const exporter = await exportKey('bench-export@perch.local');
    const loader = await exportKey('bench-export-load@perch.local');

    const env = { DATABASE_URL: database.url, PERCH_LIVE: '0', NODE_ENV: 'production', PERCH_EXPORT_DIR: exportDir, PERCH_EXPORT_LEASE_MS: LEASE_MS };
    let base = '';
    const start = async () => {
      const port = await onFreePort((p) => startProcess(['server.ts'], { ...env, PORT: String(p) }, 'ready on'), children);
      current.server = children[children.length - 1];
      base = `http://127.0.0.1:${port}`;
    };
    await start();
    const pid = () => current.server!.pid!;

    const api = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${base}${url}`, { method, headers: { authorization: `Bearer ${exporter.key}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      const json = (await res.json()) as { data: T; error?: unknown };
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json.error)}`);
      return json.data;
    };
    const create = (operation: string) => api<Job>('POST', '/v2/exports', { operation, params: { username: USERNAME }, format: 'jsonl' });
    const waitFor = async (id: string, until: (job: Job) => boolean = (job) => ENDED.has(job.status)): Promise<Job> => {
      for (;;) {
        const job = await api<Job>('GET', `/v2/exports/${id}`);
        if (until(job) || ENDED.has(job.status)) return job;
        await sleep(100);
      }
    };
    const fileOf = (job: Job) => path.join(exportDir, `export-${job.id}.jsonl`);

    type Exported = { job: Job; seconds: number; rss: { before: number; peak: number; last: number; after: number } };
    /** One export from POST to its end as seen by polling (every 100 ms), with the server's RSS meanwhile. */
    const exportAll = async (operation: string): Promise<Exported> => {
      const rss = sampleRss(pid());
      const started = performance.now();
      const created = await create(operation);
      const job = await waitFor(created.id);
      const seconds = (performance.now() - started) / 1000;
      const during = rss.stop();
      if (job.status !== 'completed') throw new Error(`export ${job.id} ended ${job.status}: ${JSON.stringify(job.error)}`);
      // After: once the garbage the export left could have been collected.
      await sleep(3000);
      return { job, seconds, rss: { ...during, after: rssMb(pid()) } };
    };

    const rows: Record<string, Record<string, string | number>> = {};
    const report = (name: string, run: Exported, bare: ScanResult | null, extra: Record<string, string | number> = {}) => {
      const perch = run.job.items / run.seconds;
      rows[name] = {
        items: run.job.items,
        'perch items/s': Math.round(perch),
        'bare items/s': bare ? rate(bare.items, bare.seconds) : '-',
        'perch/bare': bare ? (perch / (bare.items / bare.seconds)).toFixed(2) : '-',
        'RSS before': mb(run.rss.before),
        'RSS peak': mb(run.rss.peak),
        'RSS after': mb(run.rss.after),
        'RSS growth': mb(run.rss.peak - run.rss.before),
        ...extra,
      };
    };
    const checks: string[] = [];

    // Warm the server a little: its first calls run unoptimised code.
    for (let i = 0; i < 50; i += 1) await fetch(`${base}/v2/users/${USERNAME}`, { headers: { authorization: `Bearer ${loader.key}` } });
    console.log(`\nexports of @${USERNAME}'s ${crowd.followers.toLocaleString('en-US')} followers; server pid ${pid()}, files in ${exportDir}`);
    // Other work on the machine moves every figure: say how busy it was.
    console.log(`${os.cpus().length} cores, load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}\n`);

    let uninterrupted: string | null = null;
    let bareIds: { file: string; scan: ScanResult } | null = null;
    const scanIds = async () => {
      const file = path.join(exportDir, 'bare-ids.jsonl');
      const scan = await bareExportScan(database.url, 'ids', crowd.userId, 5000, file);
      console.log(`bare ids scan: ${scan.items} ids in ${scan.seconds.toFixed(2)} s (${rate(scan.items, scan.seconds)}/s)`);
      return { file, scan };
    };

    if (CASES.test('ids')) {
      // Bare before and after, averaged: this machine's speed drifts within minutes.
      const first = await scanIds();
      const run = await exportAll('getUserFollowerIds');
      console.log(`perch ids export: ${run.job.items} in ${run.seconds.toFixed(2)} s`);
      const second = await scanIds();
      const bare = { items: first.scan.items, seconds: (first.scan.seconds + second.scan.seconds) / 2, bytes: first.scan.bytes };
      bareIds = second;
      uninterrupted = fileOf(run.job);
      report('follower ids (5000/page)', run, bare);
      checks.push(`ids export file equals the bare scan's: ${filesEqual(uninterrupted, second.file) ? 'yes' : 'NO'}`);
    }

    if (CASES.test('load')) {
      const target = { url: `${base}/v2/users/${USERNAME}`, headers: { authorization: `Bearer ${loader.key}` }, connections: CONNECTIONS };
      const load = (seconds: number) => {
        const latencies: number[] = [];
        const instance = autocannon({ ...target, duration: seconds }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
        instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => latencies.push(ms));
        const started = performance.now();
        return {
          done: async () => {
            const result = await instance;
            return { latencies, rps: result.requests.total / ((performance.now() - started) / 1000), errors: result.errors + result.non2xx };
          },
          stop: () => instance.stop(),
        };
      };
      const p = (latencies: number[], q: number) => {
        const sorted = Float64Array.from(latencies).sort();
        return sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
      };
      await load(5).done();
      // Alone before and after the export, as one measure: the machine's speed drifts.
      const before = await load(6).done();
      const during = load(3600);
      const run = await exportAll('getUserFollowerIds');
      during.stop();
      const loaded = await during.done();
      const after = await load(6).done();
      const alone = { latencies: [...before.latencies, ...after.latencies], rps: (before.rps + after.rps) / 2, errors: before.errors + after.errors };
      console.log(`getUser alone (before and after): ${Math.round(alone.rps)} req/s, p50 ${p(alone.latencies, 0.5)} ms, p99 ${p(alone.latencies, 0.99)} ms`);
      console.log(`getUser during the ids export: ${Math.round(loaded.rps)} req/s, p50 ${p(loaded.latencies, 0.5)} ms, p99 ${p(loaded.latencies, 0.99)} ms, errors ${loaded.errors}`);
      report('follower ids under getUser load', run, null, {
        'getUser p99 alone': `${p(alone.latencies, 0.99)} ms`,
        'getUser p99 during': `${p(loaded.latencies, 0.99)} ms`,
        'getUser req/s during': Math.round(loaded.rps),
        'getUser errors': loaded.errors + alone.errors,
      });
    }

    if (CASES.test('kill')) {
      const reference = uninterrupted ?? (bareIds ??= await scanIds()).file;
      const balanceBefore = await getBalance(exporter.workspaceId);
      const started = performance.now();
      const job = await create('getUserFollowerIds');
      const before = await waitFor(job.id, (j) => j.items >= FOLLOWERS * 0.4);
      const victim = current.server!;
      const orphans = descendants(victim.pid!);
      victim.kill('SIGKILL');
      await new Promise((resolve) => (victim.exitCode !== null || victim.signalCode !== null ? resolve(null) : victim.once('exit', resolve)));
      // The dashboard process it had started would outlive it.
      for (const orphan of orphans) {
        try {
          process.kill(orphan, 'SIGKILL');
        } catch {
          // Gone with its parent.
        }
      }
      children.splice(children.indexOf(victim), 1);
      console.log(`killed the server (kill -9) at ${before.items} of ${FOLLOWERS} ids; restarting it`);
      await start();
      const done = await waitFor(job.id);
      const seconds = (performance.now() - started) / 1000;
      // The page in flight at the kill keeps its hold until the hold sweeper releases it: not spent.
      const { rows: holds } = await getPool().query<{ held: string }>('SELECT coalesce(sum(amount), 0)::text AS held FROM credit_holds WHERE user_id = $1', [exporter.workspaceId]);
      const spent = balanceBefore - (await getBalance(exporter.workspaceId)) - Number(holds[0].held);
      const file = fileOf(done);
      const lines = fs.readFileSync(file, 'utf8').split('\n').length - 1;
      const same = filesEqual(file, reference);
      console.log(`kill -9 export: ${done.status}, ${done.items} items, ${done.credits_charged} credits, ${lines} lines, ${seconds.toFixed(1)} s with the restart`);
      checks.push(
        `kill -9 mid-export (at ${before.items} items): ${done.status}; file equals the uninterrupted ${uninterrupted ? 'export' : 'bare scan'}: ${same ? 'yes' : 'NO'}; ` +
          `lines ${lines} = items ${done.items}: ${lines === done.items ? 'yes' : 'NO'}; credits charged ${done.credits_charged} = items × price ${done.items * done.unit_price}: ` +
          `${done.credits_charged === done.items * done.unit_price ? 'yes' : 'NO'}; balance spent (open holds aside) ${spent}: ${spent === done.credits_charged ? 'yes' : 'NO'}`,
      );
    }

    if (CASES.test('followers')) {
      const bareFile = path.join(exportDir, 'bare-followers.jsonl');
      const bare = await bareExportScan(database.url, 'followers', crowd.userId, 1000, bareFile);
      console.log(`bare followers scan: ${bare.items} users in ${bare.seconds.toFixed(2)} s (${rate(bare.items, bare.seconds)}/s, ${mb(bare.bytes / 1048576)})`);
      const run = await exportAll('getUserFollowers');
      console.log(`perch followers export: ${run.job.items} in ${run.seconds.toFixed(2)} s`);
      report('followers, full users (1000/page)', run, bare);
      checks.push(`followers export file equals the bare scan's: ${filesEqual(fileOf(run.job), bareFile) ? 'yes' : 'NO'}`);
    }

    console.log(
      '\nperch: POST /v2/exports to completed as polled, JSONL (items/s over that wall time). bare: one pg client, the same keyset SQL ' +
        'and page size, writing the same JSONL lines (ids: the id strings; followers: toUser() of the same columns plus viewer null) ' +
        'to a file without fsync, averaged over a scan before and after for ids.\n',
    );
    console.table(rows);
    console.log(`load average at the end ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}`);
    for (const check of checks) console.log(`- ${check}`);
  } finally {
    await Promise.all(children.map(stopChild));
    await closePool();
    await database.stop();
    fs.rmSync(exportDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
