// `npm run bench`: starts the production server (demo scale, live activity off) and a bare
// node:http + pg server running the same platform SQL, loads both with autocannon, and
// prints requests/s, p50 and p99 for getUser, searchTweets (count 20) and
// getUserFollowerIds (count 5000), with the ratio of the two; getUser also at 64
// connections, over 64 keys of 64 accounts, and over two Perch instances on one database.
// For each Perch run it prints the database transactions per request: all of them
// (pg_stat_database.xact_commit, read-only statements included) and those that wrote
// (transaction ids assigned).
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { ensureDatabase } from '@/lib/db/ensure-database';
import { migrateDatabase } from '@/lib/db/migrate';
import { closePool, getPool } from '@/lib/db/pool';
import { ensurePlatformSeeded } from '@/lib/server/ensure-platform-seeded';
import { cpuMicros, listeningPid } from './bench/process-cpu';
import { benchKey } from './bench/bench-key';
import { swapCores } from './bench/cpu-swap';
import { startObservedPair } from './bench/observed-pair';
import { onFreePort, startProcess, stopChild } from './bench/processes';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 15);
// Perch and bare take turns, ROUNDS times DURATION_S / ROUNDS each: this machine's speed drifts
// by a fifth within minutes, and a ratio of two runs minutes apart measured the drift as much
// as Perch (one bare run at 8,600 req/s, the next case's at 7,000).
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// Servers just started run their code unoptimized: V8 keeps compiling Perch's hot path for
// about 10 s of load (server CPU per getUser call 300 us in the first 4 s, 140 from the
// ninth on), the bare server's smaller one sooner. The first case, and the two-instance case
// whose second server has served nothing before, warm up this long (the others 2 s), so that
// every case measures servers in their steady state.
const FIRST_WARM_UP_S = Number(process.env.BENCH_WARM_UP ?? 12);
// Only the cases whose name matches (case-insensitive), e.g. BENCH_CASES='^getUser' while working on one path.
const CASES = new RegExp(process.env.BENCH_CASES ?? '', 'i');
// Issue 34: getUser on a server with GET /metrics on (PERCH_METRICS_TOKEN) and a JSON log line per
// call (PERCH_LOG_LEVEL=info), against one with both off; the ratio is their cost (target ≥ 0.95).
const OBSERVED_CASE = 'getUser, metrics and logs on vs off';
// Prometheus' default scrape interval: the scrapes' own cost is part of what is measured.
const SCRAPE_INTERVAL_MS = 15_000;

const MCP_CASE = 'getUser via MCP tool call';

type Measure = { rps: number; p50: number; p99: number; errors: number; requests: number; latencies: number[] };

type Target = autocannon.Options;

/**
 * Loads one or more targets at once (`connections` split between them) for `seconds`: as fast as
 * they answer, or at `rate` requests/s each.
 */
async function run(targets: Target[], connections: number, seconds: number, rate?: number): Promise<Measure> {
  const each = Math.max(1, Math.floor(connections / targets.length));
  // Every answer's latency, so that percentiles can be taken over several runs and targets at
  // once (a percentile of percentiles, or the worst run's, is not the p99 of the calls made).
  const latencies: number[] = [];
  const results = await Promise.all(
    targets.map((target) => {
      // Without a callback autocannon returns its instance, an event emitter that is also thenable.
      const instance = autocannon({ ...target, connections: each, duration: seconds, ...(rate ? { overallRate: rate } : {}) }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
      instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => latencies.push(ms));
      return instance;
    }),
  );
  return {
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    ...percentiles(latencies),
    errors: results.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
    requests: results.reduce((sum, r) => sum + r.requests.total, 0),
    latencies,
  };
}

/** p50 and p99 of latencies in ms, rounded as autocannon rounds its own. */
function percentiles(latencies: number[]): { p50: number; p99: number } {
  const sorted = Float64Array.from(latencies).sort();
  const at = (q: number) => (sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]));
  return { p50: at(0.5), p99: at(0.99) };
}

/** Several measured runs as one: requests summed, percentiles over all their calls. */
function combine(measures: Measure[], seconds: number): Measure {
  const requests = measures.reduce((sum, m) => sum + m.requests, 0);
  const latencies = measures.flatMap((m) => m.latencies);
  return {
    rps: requests / seconds,
    ...percentiles(latencies),
    errors: measures.reduce((sum, m) => sum + m.errors, 0),
    requests,
    latencies,
  };
}

type Counters = { commits: number; nextXid: number };

/** The database's committed transactions and next transaction id (a write takes one). */
async function counters(): Promise<Counters> {
  // Backends report their statistics at most once a second: wait for the last ones.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const { rows } = await getPool().query<{ commits: string; next_xid: string }>(
    `SELECT xact_commit::text AS commits, pg_snapshot_xmax(pg_current_snapshot())::text AS next_xid
     FROM pg_stat_database WHERE datname = current_database()`,
  );
  return { commits: Number(rows[0].commits), nextXid: Number(rows[0].next_xid) };
}

/** Server CPU µs per call over a side's turns, when the case says which process serves it. */
type CpuPerCall = { cpuUsPerCall?: number };

type Compared = { perch: Measure & CpuPerCall & { commitsPerRequest: number; writesPerRequest: number }; bare: Measure & CpuPerCall & { commitsPerRequest: number } };

/**
 * Perch and bare, each warmed up (caches, JIT, credit leases), then measured in turns.
 * Database transactions per request are counted over each server's own turns: every read is a
 * transaction too, so the bare server's count (its one read per call) is what Perch's is
 * compared with.
 */
async function compare(perchTargets: Target | Target[], bare: Target, connections = CONNECTIONS, warmUpSeconds = 2, cpu?: { perch: () => number; bare: () => number }): Promise<Compared> {
  const list = Array.isArray(perchTargets) ? perchTargets : [perchTargets];
  await run(list, connections, warmUpSeconds);
  await run([bare], connections, warmUpSeconds);
  const seconds = Math.max(1, Math.round(DURATION_S / ROUNDS));
  const perchRuns: Measure[] = [];
  const bareRuns: Measure[] = [];
  let commits = 0;
  let writes = 0;
  let bareCommits = 0;
  // CPU time of the serving process over its turns only (not the counters' waits between them).
  let perchCpu = 0;
  let bareCpu = 0;
  const timed = async (side: 'perch' | 'bare', turn: () => Promise<Measure>): Promise<Measure> => {
    const start = cpu?.[side]() ?? 0;
    const measure = await turn();
    const spent = (cpu?.[side]() ?? 0) - start;
    if (side === 'perch') perchCpu += spent;
    else bareCpu += spent;
    return measure;
  };
  // One reading between turns: the end of each turn's count is the start of the next one's.
  let mark = await counters();
  for (let round = 0; round < ROUNDS; round += 1) {
    perchRuns.push(await timed('perch', () => run(list, connections, seconds)));
    const afterPerch = await counters();
    commits += afterPerch.commits - mark.commits;
    writes += afterPerch.nextXid - mark.nextXid;
    bareRuns.push(await timed('bare', () => run([bare], connections, seconds)));
    mark = await counters();
    bareCommits += mark.commits - afterPerch.commits;
  }
  const perch = combine(perchRuns, seconds * ROUNDS);
  const baseline = combine(bareRuns, seconds * ROUNDS);
  // The last second's statistics may still be pending and the counter reads are transactions
  // too: both are small against thousands of requests.
  return {
    perch: { ...perch, commitsPerRequest: commits / perch.requests, writesPerRequest: writes / perch.requests, ...(cpu ? { cpuUsPerCall: perchCpu / perch.requests } : {}) },
    bare: { ...baseline, commitsPerRequest: bareCommits / baseline.requests, ...(cpu ? { cpuUsPerCall: bareCpu / baseline.requests } : {}) },
  };
}

/**
 * Perch and bare loaded at the same time, each by half the connections, for the whole run: for
 * two servers whose difference is a few per cent (metrics and logs on vs off), smaller than the
 * machine's drift between turns (the same code measured 0.86 to 1.06 in turns). Whatever else
 * loads the machine then loads both alike, and the CPU of both is counted over the same seconds.
 * The database's transactions are counted for both together (one database serves both).
 */
async function compareTogether(
  perch: Target,
  bare: Target,
  connections: number,
  warmUpSeconds: number,
  cpu: { perch: () => number; bare: () => number },
  { load = 0, pids, bareFirst = false }: { load?: number; pids?: () => [number, number]; bareFirst?: boolean } = {},
): Promise<Compared> {
  const half = Math.max(1, Math.floor(connections / 2));
  // Both loads started in one tick, bare's first when asked: the load generator's first
  // connections of a tick are sent first, and one side must not always have them.
  const both = async <T>(load: (target: Target) => Promise<T>): Promise<[T, T]> => {
    if (!bareFirst) return Promise.all([load(perch), load(bare)]);
    const [bareResult, perchResult] = await Promise.all([load(bare), load(perch)]);
    return [perchResult, bareResult];
  };
  // Each server on a core of its own, swapped every quarter of a run (scripts/bench/cpu-swap.ts),
  // from the measured run's start: each side spends as long on each core while it is measured.
  const place = () => (pids ? swapCores(...pids(), (DURATION_S * 1000) / CORE_SWAPS) : null);
  let placed = place();
  try {
    const [warmPerch, warmBare] = await both((target) => run([target], half, warmUpSeconds));
    const rate = load > 0 ? Math.max(1, Math.round(load * Math.min(warmPerch.rps, warmBare.rps))) : undefined;
    const start = await counters();
    placed?.stop();
    placed = place();
    const cpuStart = { perch: cpu.perch(), bare: cpu.bare() };
    const [perchRun, bareRun] = await both((target) => run([target], half, DURATION_S, rate));
    const spent = { perch: cpu.perch() - cpuStart.perch, bare: cpu.bare() - cpuStart.bare };
    const end = await counters();
    const requests = perchRun.requests + bareRun.requests;
    const commitsPerRequest = (end.commits - start.commits) / requests;
    return {
      perch: { ...combine([perchRun], DURATION_S), commitsPerRequest, writesPerRequest: (end.nextXid - start.nextXid) / requests, cpuUsPerCall: spent.perch / perchRun.requests },
      bare: { ...combine([bareRun], DURATION_S), commitsPerRequest, cpuUsPerCall: spent.bare / bareRun.requests },
    };
  } finally {
    placed?.stop();
  }
}

/** A case's row in the printed table. */
function tableRow(perch: Compared['perch'], baseline: Compared['bare']): Record<string, string | number> {
  return {
    'perch req/s': Math.round(perch.rps),
    'perch p50 ms': perch.p50,
    'perch p99 ms': perch.p99,
    'bare req/s': Math.round(baseline.rps),
    'bare p50 ms': baseline.p50,
    'bare p99 ms': baseline.p99,
    'perch/bare': (perch.rps / baseline.rps).toFixed(2),
    'db xact/req': perch.commitsPerRequest.toFixed(2),
    'bare db xact/req': baseline.commitsPerRequest.toFixed(2),
    'db writes/req': perch.writesPerRequest.toFixed(3),
    errors: perch.errors + baseline.errors,
    ...(perch.cpuUsPerCall !== undefined && baseline.cpuUsPerCall !== undefined
      ? { 'perch cpu µs/call': Math.round(perch.cpuUsPerCall), 'bare cpu µs/call': Math.round(baseline.cpuUsPerCall) }
      : {}),
  };
}

// Pairs of fresh servers the observed case is measured on (scripts/bench/observed-pair.ts).
const OBSERVED_PAIRS = Number(process.env.BENCH_OBSERVED_PAIRS ?? 4);
// Both servers of a pair answer the same calls per second, this share of what the slower one
// answered while warming up (0: each as fast as it answers). Loaded as fast as they answer, two
// identical servers measured 0.96 on average over four pairs (0.90 to 1.01); held at one rate,
// cores swapped and the load generator's order alternated, 1.00 (docs/operations.md, "What it costs").
const OBSERVED_LOAD = Number(process.env.BENCH_OBSERVED_LOAD ?? 0.9);
// BENCH_OBSERVED_AA=1: both servers 'on', the A/A run whose ratio is the measurement's own error.
const OBSERVED_AA = process.env.BENCH_OBSERVED_AA === '1';
// Core swaps per measured run (scripts/bench/cpu-swap.ts): even, so that each side spends as long on each core.
const CORE_SWAPS = 4;

type PairFigures = { rps: string; cpu: string };

/**
 * Issue 34's case over OBSERVED_PAIRS pairs of servers started fresh, each pair loaded at once
 * (compareTogether): calls, CPU and transactions summed over the pairs, each pair's ratios kept.
 */
async function compareObservedPairs(env: Record<string, string>, callPath: string, headers: Record<string, string>): Promise<Compared & { pairs: PairFigures[]; counted: number; logBytes: number }> {
  const perchRuns: Compared['perch'][] = [];
  const bareRuns: Compared['bare'][] = [];
  const pairs: PairFigures[] = [];
  let counted = 0;
  let logBytes = 0;
  for (let pair = 0; pair < OBSERVED_PAIRS; pair += 1) {
    const servers = await startObservedPair(env, { offFirst: pair % 2 === 1, bothOn: OBSERVED_AA });
    // Prometheus' scrapes are part of what is measured.
    const scraping = setInterval(() => void servers.scrape().catch(() => undefined), SCRAPE_INTERVAL_MS);
    try {
      const { perch, bare } = await compareTogether({ url: servers.on + callPath, headers }, { url: servers.off + callPath, headers }, CONNECTIONS, FIRST_WARM_UP_S, servers.cpu, {
        load: OBSERVED_LOAD,
        pids: servers.pids,
        bareFirst: pair % 2 === 0,
      });
      perchRuns.push(perch);
      bareRuns.push(bare);
      pairs.push({ rps: (perch.rps / bare.rps).toFixed(2), cpu: (bare.cpuUsPerCall! / perch.cpuUsPerCall!).toFixed(2) });
      console.log(`pair ${pair + 1} of ${OBSERVED_PAIRS}: req/s on ${Math.round(perch.rps)}, off ${Math.round(bare.rps)}; server CPU µs per call on ${Math.round(perch.cpuUsPerCall!)}, off ${Math.round(bare.cpuUsPerCall!)}`);
      counted += await servers.scrape();
      logBytes += servers.logBytes();
    } finally {
      clearInterval(scraping);
      await servers.stop();
    }
  }
  const seconds = DURATION_S * OBSERVED_PAIRS;
  // A per-request figure over all the pairs' calls.
  const perRequest = <T extends { requests: number }>(runs: T[], figure: (run: T) => number) =>
    runs.reduce((sum, run) => sum + figure(run) * run.requests, 0) / runs.reduce((sum, run) => sum + run.requests, 0);
  return {
    perch: {
      ...combine(perchRuns, seconds),
      commitsPerRequest: perRequest(perchRuns, (run) => run.commitsPerRequest),
      writesPerRequest: perRequest(perchRuns, (run) => run.writesPerRequest),
      cpuUsPerCall: perRequest(perchRuns, (run) => run.cpuUsPerCall!),
    },
    bare: { ...combine(bareRuns, seconds), commitsPerRequest: perRequest(bareRuns, (run) => run.commitsPerRequest), cpuUsPerCall: perRequest(bareRuns, (run) => run.cpuUsPerCall!) },
    pairs,
    counted,
    logBytes,
  };
}

/** Fails the run unless the MCP call succeeds and charges what getUser costs (a tool error would be a fast 200). */
async function expectMcpCharged(target: { url: string; headers: Record<string, string>; body: string }): Promise<void> {
  const answer = (await (await fetch(target.url, { method: 'POST', headers: target.headers, body: target.body })).json()) as {
    result?: { isError?: boolean; structuredContent?: { meta?: { credits_charged?: number } } };
  };
  if (!answer.result || answer.result.isError || !answer.result.structuredContent?.meta?.credits_charged) throw new Error(`the MCP get_user call failed: ${JSON.stringify(answer).slice(0, 500)}`);
}

const keyOf = async (email: string): Promise<string> => (await benchKey(email, { name: 'bench' })).key;

async function main(): Promise<void> {
  const database = await ensureDatabase();
  const children: ChildProcess[] = [];
  try {
    await migrateDatabase(database.url, { quiet: true });
    await ensurePlatformSeeded(database.url, 'demo');
    const key = await keyOf('bench@perch.local');
    const manyKeys: string[] = [];
    for (let i = 0; i < 64; i += 1) manyKeys.push(await keyOf(`bench-${i}@perch.local`));
    const { rows } = await getPool().query<{ username: string }>('SELECT username FROM platform.users ORDER BY followers_count DESC LIMIT 1');
    const username = rows[0].username;
    const { rows: words } = await getPool().query<{ word: string }>(
      `SELECT word FROM ts_stat('SELECT search_doc FROM platform.tweets WHERE id IN (SELECT id FROM platform.tweets ORDER BY id DESC LIMIT 5000)')
        WHERE length(word) > 3 ORDER BY ndoc DESC LIMIT 1`,
    );
    const query = words[0].word;

    const env = { DATABASE_URL: database.url, PERCH_LIVE: '0', NODE_ENV: 'production' };
    const startPerch = (port: number) => startProcess(['server.ts'], { ...env, PORT: String(port) }, 'ready on');
    const apiPort = await onFreePort(startPerch, children);
    const apiChild = children.at(-1)!;
    const secondPort = await onFreePort(startPerch, children);
    const barePort = await onFreePort((port) => startProcess(['scripts/bench/bare-server.ts', String(port)], { DATABASE_URL: database.url }, 'ready'), children);

    const api = `http://127.0.0.1:${apiPort}`;
    const second = `http://127.0.0.1:${secondPort}`;
    const bare = `http://127.0.0.1:${barePort}`;
    const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const getUser = { url: `${api}/v2/users/${username}`, headers: auth };
    // Each connection cycles through all 64 keys, so every account is busy at once.
    const manyAccounts = { url: `${api}/v2/users/${username}`, requests: manyKeys.map((k) => ({ method: 'GET' as const, headers: { authorization: `Bearer ${k}` } })) };
    const bareUser = { url: `${bare}/user?username=${username}` };
    const mcpGetUser = {
      url: `${api}/mcp`,
      method: 'POST' as const,
      headers: { ...auth, accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_user', arguments: { username } } }),
    };
    // A case's warm-up: the first case's servers and the second instance (idle until its case) start cold.
    // The Perch process answering on apiPort (found once, when a case first asks): its CPU time in µs.
    let apiPid: number | undefined;
    const apiCpu = () => cpuMicros((apiPid ??= listeningPid(apiChild.pid!, apiPort)));
    const cases: Array<{ name: string; api: Target | Target[]; bare: Target; connections?: number; warmUp?: number; cpu?: { perch: () => number; bare: () => number } }> = [
      { name: 'getUser', api: getUser, bare: bareUser },
      { name: 'getUser, 64 connections', api: getUser, bare: bareUser, connections: 64 },
      { name: 'getUser, 64 keys of 64 accounts', api: manyAccounts, bare: bareUser },
      { name: 'getUser, 64 accounts, 64 connections', api: manyAccounts, bare: bareUser, connections: 64 },
      {
        name: 'getUser, two instances, 64 connections',
        api: [getUser, { ...getUser, url: `${second}/v2/users/${username}` }],
        bare: bareUser,
        connections: 64,
        warmUp: FIRST_WARM_UP_S,
      },
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
      // Issue 33: the same getUser as an MCP tools/call (POST /mcp, JSON-RPC) on the same server, key
      // and user; "bare" is the /v2 call here: perch/bare is MCP/v2 (target ≥ 0.67, i.e. ≤ 1.5× the server time).
      // Both sides run on one server: its CPU time per call is compared too, which load from other
      // processes on the machine moves far less than requests/s.
      { name: MCP_CASE, api: mcpGetUser, bare: getUser, warmUp: FIRST_WARM_UP_S, cpu: { perch: apiCpu, bare: apiCpu } },
    ];
    // A tool error is a 200 too: the benchmark must measure calls that succeed and charge.
    if (CASES.test(MCP_CASE)) await expectMcpCharged(mcpGetUser);
    console.log(`\nautocannon -c ${CONNECTIONS} (unless named), ${DURATION_S} s each of Perch and bare in ${ROUNDS} turns; user @${username}, search "${query}"\n`);
    const table: Record<string, Record<string, string | number>> = {};
    for (const [index, c] of cases.filter((each) => CASES.test(each.name)).entries()) {
      const { perch, bare: baseline } = await compare(c.api, c.bare, c.connections, c.warmUp ?? (index === 0 ? FIRST_WARM_UP_S : 2), c.cpu);
      table[c.name] = tableRow(perch, baseline);
    }
    const observed = CASES.test(OBSERVED_CASE) ? await compareObservedPairs(env, `/v2/users/${username}`, auth) : null;
    if (observed) table[OBSERVED_CASE] = tableRow(observed.perch, observed.bare);
    console.table(table);
    const mcpRow = table[MCP_CASE];
    if (mcpRow) {
      console.log(`\n${MCP_CASE}: ${mcpRow['perch req/s']} vs /v2 getUser ${mcpRow['bare req/s']} req/s, ratio ${mcpRow['perch/bare']}; p50 ${mcpRow['perch p50 ms']} vs ${mcpRow['bare p50 ms']} ms`);
      const mcpCpu = Number(mcpRow['perch cpu µs/call']);
      const v2Cpu = Number(mcpRow['bare cpu µs/call']);
      console.log(`server CPU µs per call: MCP get_user ${mcpCpu}, /v2 getUser ${v2Cpu}, ratio ${(mcpCpu / v2Cpu).toFixed(2)} (target ≤ 1.5)`);
    }
    const observedRow = table[OBSERVED_CASE];
    if (observed && observedRow) {
      const load = OBSERVED_LOAD > 0 ? `both held at ${OBSERVED_LOAD} of the warm-up's rate` : 'each as fast as it answers';
      console.log(
        `\n${OBSERVED_CASE}${OBSERVED_AA ? ' (A/A: both on)' : ''} (${OBSERVED_PAIRS} fresh pairs of servers, each pair loaded at once, ${Math.floor(CONNECTIONS / 2)} connections each, ${load}, ${DURATION_S} s): ` +
          `${observedRow['perch req/s']} vs ${observedRow['bare req/s']} req/s, ratio ${observedRow['perch/bare']} (per pair ${observed.pairs.map((pair) => pair.rps).join(', ')}); ` +
          `p99 ${observedRow['perch p99 ms']} vs ${observedRow['bare p99 ms']} ms; /metrics counted ${observed.counted} calls, ${(observed.logBytes / 1e6).toFixed(1)} MB of log lines written`,
      );
      const onCpu = Number(observedRow['perch cpu µs/call']);
      const offCpu = Number(observedRow['bare cpu µs/call']);
      console.log(`server CPU µs per call: on ${onCpu}, off ${offCpu}, off/on ${(offCpu / onCpu).toFixed(2)} (target ≥ 0.95; per pair ${observed.pairs.map((pair) => pair.cpu).join(', ')})`);
    }
  } finally {
    // The servers first: a database stopped under them has them log every pool connection lost.
    await Promise.all(children.map(stopChild));
    await closePool();
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
