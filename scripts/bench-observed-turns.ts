// What metrics and call lines cost per /v2 call, measured in one server process (issue 34): the
// server runs with both on, and its call listeners are detached and attached again in turns
// (scripts/bench/detach-call-listeners.mjs) under one steady load of getUser calls, in blocks of
// on, off, off, on. Its CPU per call is compared block by block. Two fresh processes of the same
// code differ by up to a tenth for as long as they run (npm run bench's observed case averages
// pairs of them); one process compared with itself does not, so this finds a few µs where the
// pairs find a few hundredths. It leaves out what a server with metrics on spends whatever the
// calls (Node's default metrics, scrapes: `npm run bench` counts those).
//
//   DATABASE_URL=postgresql://… npm run bench:observed-turns [-- --turns 48] [--turn-seconds 4] [--load 0.8] [--detach callLine,callMetrics]
//
// It works in a fresh database it creates on DATABASE_URL's server (migrated, seeded at the
// `demo` scale) and drops at the end. The server's log lines go to a file in the temp directory.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createBenchDatabase, prepareBenchDatabase } from './bench/bench-database';
import { cpuMicros, listeningPid } from './bench/process-cpu';
import { onFreePort, startAnsweringProcess, stopChild } from './bench/processes';

const { values } = parseArgs({
  options: {
    turns: { type: 'string', default: '48' },
    'turn-seconds': { type: 'string', default: '4' },
    // Share of the rate the server answered while warming up.
    load: { type: 'string', default: '0.8' },
    detach: { type: 'string', default: 'callLine,callMetrics' },
  },
});
const TURNS = Math.max(4, Math.floor(Number(values.turns) / 4) * 4);
const TURN_MS = Number(values['turn-seconds']) * 1000;
// Left out of each turn's count: the calls in flight when the listeners changed.
const SETTLE_MS = 500;
const CONNECTIONS = 16;
const WARM_UP_S = 15;
const SCRAPE_INTERVAL_MS = 15_000;
// The turns of a block: on, off, off, on (drift within a block weighs on both sides alike).
const BLOCK = [true, false, false, true];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Mean and standard error of the mean. */
function meanAndError(values: number[]): { mean: number; error: number } {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / Math.max(1, values.length - 1);
  return { mean, error: Math.sqrt(variance / values.length) };
}

async function main(): Promise<void> {
  const database = await createBenchDatabase('perch_bench_turns');
  const children: ChildProcess[] = [];
  const logFile = path.join(os.tmpdir(), `perch-bench-turns-${process.pid}.log`);
  try {
    await prepareBenchDatabase(database.url, 'demo');
    const { getPool, closePool } = await import('@/lib/db/pool');
    const { benchKey } = await import('./bench/bench-key');
    const { rows } = await getPool().query<{ username: string }>('SELECT username FROM platform.users ORDER BY followers_count DESC LIMIT 1');
    const { key } = await benchKey('bench-turns@perch.local', { name: 'bench turns' });
    await closePool();

    const metricsToken = 'bench-turns-metrics-token-0123456789';
    const env = { DATABASE_URL: database.url, PERCH_LIVE: '0', NODE_ENV: 'production', PERCH_METRICS_TOKEN: metricsToken, PERCH_METRICS_PORT: '', PERCH_LOG_LEVEL: 'info', OTEL_EXPORTER_OTLP_ENDPOINT: '', PERCH_BENCH_DETACH: values.detach! };
    const preload = path.join(import.meta.dirname, 'bench', 'detach-call-listeners.mjs');
    const stdoutFd = fs.openSync(logFile, 'w');
    const port = await onFreePort((p) => startAnsweringProcess(['--import', preload, 'server.ts'], { ...env, PORT: String(p) }, `http://127.0.0.1:${p}/v2/openapi.json`, { stdoutFd }), children);
    fs.closeSync(stdoutFd);
    const pid = listeningPid(children[0].pid!, port);
    const target = { url: `http://127.0.0.1:${port}/v2/users/${rows[0].username}`, headers: { authorization: `Bearer ${key}` } };

    const warm = await autocannon({ ...target, connections: CONNECTIONS, duration: WARM_UP_S });
    const rate = Math.max(1, Math.round(Number(values.load) * warm.requests.average));
    console.log(`warm-up ${Math.round(warm.requests.average)} calls/s; held at ${rate} calls/s, ${TURNS} turns of ${TURN_MS / 1000} s, detaching ${values.detach}`);
    let answered = 0;
    // With a callback, autocannon hands back the running instance (its events, stop()).
    const load = autocannon({ ...target, connections: CONNECTIONS, overallRate: rate, duration: (TURNS * TURN_MS) / 1000 + 10 }, () => undefined);
    load.on('response', () => {
      answered += 1;
    });
    // Prometheus' scrapes go on through both kinds of turn.
    const scraping = setInterval(() => void fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } }).then((answer) => answer.text()).catch(() => undefined), SCRAPE_INTERVAL_MS);
    const differences: number[] = [];
    const perSide = { on: [] as number[], off: [] as number[] };
    let attached = true;
    // Calls answered while the listeners were attached (warm-up included): about the call lines written.
    let attachedCalls = warm.requests.total;
    let attachedSince = 0;
    try {
      await sleep(1000);
      for (let turn = 0; turn < TURNS; turn += 1) {
        const on = BLOCK[turn % BLOCK.length];
        if (on !== attached) {
          process.kill(pid, 'SIGUSR2');
          if (attached) attachedCalls += answered - attachedSince;
          else attachedSince = answered;
          attached = on;
        }
        await sleep(SETTLE_MS);
        const [cpuStart, callsStart] = [cpuMicros(pid), answered];
        await sleep(TURN_MS - SETTLE_MS);
        const calls = answered - callsStart;
        const usPerCall = (cpuMicros(pid) - cpuStart) / calls;
        perSide[on ? 'on' : 'off'].push(usPerCall);
        console.log(`turn ${turn + 1}: ${on ? 'on ' : 'off'} ${calls} calls, ${Math.round(usPerCall)} µs CPU per call`);
        // A block's end: its two 'on' turns against its two 'off' turns.
        if (turn % BLOCK.length === BLOCK.length - 1) differences.push(meanAndError(perSide.on.slice(-2)).mean - meanAndError(perSide.off.slice(-2)).mean);
      }
    } finally {
      clearInterval(scraping);
      load.stop();
    }
    await sleep(1000);
    if (attached) attachedCalls += answered - attachedSince;
    await Promise.all(children.splice(0).map(stopChild));
    // The check that the turns differed: a call line for each call answered while attached,
    // give or take the calls in flight at each change (only when callLine is detached).
    const callLines = fs.readFileSync(logFile, 'utf8').split('"msg":"call"').length - 1;
    console.log(`call lines written: ${callLines}; calls answered while attached: about ${attachedCalls}`);
    const on = meanAndError(perSide.on).mean;
    const off = meanAndError(perSide.off).mean;
    const cost = meanAndError(differences);
    console.log(
      `\nserver CPU µs per call: on ${on.toFixed(1)}, off ${off.toFixed(1)}; ${values.detach} cost ${cost.mean.toFixed(1)} µs per call ` +
        `(± ${cost.error.toFixed(1)}, one standard error over ${differences.length} blocks), off/on ${(off / on).toFixed(3)}`,
    );
  } finally {
    await Promise.all(children.map(stopChild));
    await database.drop();
    fs.rmSync(logFile, { force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
