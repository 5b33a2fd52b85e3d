// The servers of `npm run bench`'s case 'getUser, metrics and logs on vs off' (issue 34): one
// production server with GET /metrics on and a JSON line per call, one with both off. A pair is
// started fresh for each measurement: two processes of the same code differ by up to a tenth in
// CPU per call for as long as they run (a pair measured in twelve rounds put the side with logs
// on 6 % ahead of the side without), more than what is measured, so the case sums several pairs.
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuMicros, listeningPid } from './process-cpu';
import { onFreePort, startAnsweringProcess, stopChild } from './processes';

export type ObservedPair = {
  on: string;
  off: string;
  /** Each side's server process CPU so far, in µs. */
  cpu: { perch: () => number; bare: () => number };
  /** The serving processes' pids: 'on' first. */
  pids: () => [number, number];
  /** Bytes of log lines the 'on' server has written. */
  logBytes: () => number;
  /** The /v2 calls the 'on' server's /metrics has counted (the sum of perch_http_requests_total). */
  scrape: () => Promise<number>;
  stop: () => Promise<void>;
};

/**
 * Starts both servers (tracing off); with `bothOn`, two 'on' servers. Each writes its stdout to a
 * file of its own, as a server writes to a file (or journald) that a log shipper reads: read
 * through a pipe by the benchmark's process, the lines cost the load generator and were
 * measured as Perch's.
 */
export async function startObservedPair(env: Record<string, string>, { offFirst = false, bothOn = false }: { offFirst?: boolean; bothOn?: boolean } = {}): Promise<ObservedPair> {
  const metricsToken = crypto.randomBytes(24).toString('hex');
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-bench-logs-'));
  const onChildren: ChildProcess[] = [];
  const offChildren: ChildProcess[] = [];
  const logFile = (side: string, port: number) => path.join(logDir, `${side}-${port}.log`);
  const start = (side: string, extra: Record<string, string>) => (port: number) => {
    const stdoutFd = fs.openSync(logFile(side, port), 'w');
    try {
      const serverEnv = { ...env, OTEL_EXPORTER_OTLP_ENDPOINT: '', PERCH_METRICS_PORT: '', ...extra, PORT: String(port) };
      return startAnsweringProcess(['server.ts'], serverEnv, `http://127.0.0.1:${port}/v2/openapi.json`, { stdoutFd });
    } finally {
      // The server has its own copy of the descriptor once spawned.
      fs.closeSync(stdoutFd);
    }
  };
  const stop = async () => {
    await Promise.all([...onChildren, ...offChildren].map(stopChild));
    fs.rmSync(logDir, { recursive: true, force: true });
  };
  try {
    // One after the other (two servers starting at once on one database fail), in the order asked
    // for: the case alternates it from pair to pair, so that neither side always starts first.
    const observed = { PERCH_METRICS_TOKEN: metricsToken, PERCH_LOG_LEVEL: 'info' };
    const startOn = () => onFreePort(start('on', observed), onChildren);
    // At error, not even a failed call's line (those are warnings) is written. Same as 'on' for
    // the A/A run, whose ratio is the measurement's own error.
    const startOff = () => onFreePort(start('off', bothOn ? observed : { PERCH_METRICS_TOKEN: '', PERCH_LOG_LEVEL: 'error' }), offChildren);
    const offPortFirst = offFirst ? await startOff() : undefined;
    const onPort = await startOn();
    const offPort = offPortFirst ?? (await startOff());
    const [onChild, offChild] = [onChildren[0], offChildren[0]];
    const on = `http://127.0.0.1:${onPort}`;
    let onPid: number | undefined;
    let offPid: number | undefined;
    const pids = (): [number, number] => [(onPid ??= listeningPid(onChild.pid!, onPort)), (offPid ??= listeningPid(offChild.pid!, offPort))];
    return {
      on,
      off: `http://127.0.0.1:${offPort}`,
      cpu: { perch: () => cpuMicros(pids()[0]), bare: () => cpuMicros(pids()[1]) },
      pids,
      logBytes: () => fs.statSync(logFile('on', onPort)).size,
      scrape: async () => {
        const text = await (await fetch(`${on}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
        return [...text.matchAll(/^perch_http_requests_total\{[^}]*\} (\S+)$/gm)].reduce((sum, match) => sum + Number(match[1]), 0);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
