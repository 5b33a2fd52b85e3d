// The process's one logger (pino): JSON lines on stdout that a log shipper reads as they are,
// pretty text only for a person at a terminal. Every part logs through a child carrying its
// component (`componentLogger('db')`), in place of the `[db]`-style prefixes of free-form lines.
// Secrets never reach a line: the paths below are censored wherever a caller puts them.
import os from 'node:os';
import path from 'node:path';
import pino, { type Level, type Logger, type LoggerOptions } from 'pino';
import { StartupError } from '@/lib/db/startup-error';
import { batchedDestination, type BatchTarget, type LineDestination } from './batched-destination';

export type { Logger } from 'pino';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = Level | 'silent';

/**
 * Fields censored in every record (request credentials, key secrets, passwords, tokens,
 * cookies), at the top level and in the usual holders below.
 */
const SECRET_FIELDS = [
  'authorization',
  'Authorization',
  'cookie',
  'Cookie',
  'set-cookie',
  'password',
  'newPassword',
  'currentPassword',
  'new_password',
  'current_password',
  'secret',
  'key_secret',
  'keySecret',
  'apiKey',
  'api_key',
  'token',
  'accessToken',
  'refreshToken',
  'access_token',
  'refresh_token',
  'bearerToken',
  'clientSecret',
  'client_secret',
  'appPassword',
  'app_password',
  'totp',
  'totpSecret',
  'recoveryCode',
];

// Where a secret may sit in a record: at the top level or in one of these objects. Exact
// paths only: pino's wildcard paths (`*.password`) cost a hundred times more on every line.
const SECRET_HOLDERS = ['headers', 'req.headers', 'request.headers', 'res.headers', 'body', 'req.body', 'input', 'params', 'query', 'options', 'config', 'credentials', 'data', 'user', 'account', 'key', 'err', 'error'];

export const REDACTED_PATHS = SECRET_FIELDS.flatMap((field) => {
  const key = /^[A-Za-z_$][\w$]*$/.test(field) ? field : `["${field}"]`;
  return [key, ...SECRET_HOLDERS.map((holder) => (key.startsWith('[') ? `${holder}${key}` : `${holder}.${key}`))];
});

/** PERCH_LOG_LEVEL (default info); anything else than a pino level is an operator's mistake. */
export function readLogLevel(env: Record<string, string | undefined> = process.env): LogLevel {
  const raw = env.PERCH_LOG_LEVEL?.trim().toLowerCase();
  if (!raw) return 'info';
  if ((LEVELS as readonly string[]).includes(raw)) return raw as LogLevel;
  throw new StartupError(`PERCH_LOG_LEVEL=${env.PERCH_LOG_LEVEL} is not a log level: use one of ${LEVELS.join(', ')}`);
}

/** The options every Perch logger shares: level, base fields, ISO time, redaction. */
export function loggerOptions(level: LogLevel): LoggerOptions {
  return {
    level,
    base: { service: 'perch', pid: process.pid, hostname: os.hostname() },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    // `err` and `error` both hold errors in Perch's records: both get message, type and stack.
    serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
  };
}

/** Whether records are written as pretty text: only for a person at a terminal, never in production. */
export function prettyLogs(env: Record<string, string | undefined> = process.env, stdout: { isTTY?: boolean } = process.stdout): boolean {
  return stdout.isTTY === true && env.NODE_ENV !== 'production';
}

let levelProblem: StartupError | null = null;

function initialLevel(): LogLevel {
  try {
    return readLogLevel();
  } catch (error) {
    // Reported by assertLogLevel() at start-up as one clear line; meanwhile logs go on at info.
    levelProblem = error as StartupError;
    return 'info';
  }
}

/**
 * Where JSON records go: stdout. In the server's main process (server.ts, the /v2 hot path)
 * written asynchronously, lines written in one tick leaving in one write, flushed when the
 * process exits. Everywhere else synchronously: the dashboard's process, whose stdout server.ts
 * reads line by line, holds two copies of this module (its own and Next.js's bundle's), which
 * must not write at once from two threads; and a CLI's own output must stay in order with its
 * records. Null in pretty mode (a transport writes them).
 */
const ASYNC_WRITES = path.basename(process.argv[1] ?? '') === 'server.ts';

// Asynchronous lines are written in batches of 64 KiB (a line is about 400 bytes), and at the
// latest a quarter of a second after they were logged. A write costs about the same whatever its
// size (a hand-over to libuv's thread pool and back: 50 µs of CPU measured for 4 to 64 KB, far
// more on a loaded machine), so the fewer the better: one per line cost the server a write(2) per
// /v2 call. Lines are encoded into the batch as they come, call lines a run at a time
// (batched-destination.ts), and sonic-boom writes each batch as it comes.
const BATCH_BYTES = 65_536;
const BATCH_FLUSH_MS = 250;

export const logDestination: LineDestination | null = prettyLogs()
  ? null
  : ASYNC_WRITES
    ? batchedDestination(pino.destination({ dest: 1, sync: false, contentMode: 'buffer' }) as unknown as BatchTarget, BATCH_BYTES)
    : pino.destination({ dest: 1, sync: true });
if (ASYNC_WRITES && logDestination) setInterval(() => logDestination.flush(), BATCH_FLUSH_MS).unref();

/** The process's logger. */
export const logger: Logger = logDestination
  ? pino(loggerOptions(initialLevel()), logDestination)
  : // pino-pretty runs as a transport on a worker thread: acceptable at a terminal only.
    pino({ ...loggerOptions(initialLevel()), transport: { target: 'pino-pretty', options: { destination: 1, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service' } } });

/** Throws the StartupError for an invalid PERCH_LOG_LEVEL: called first thing by the entry points. */
export function assertLogLevel(): void {
  if (levelProblem) throw levelProblem;
}

const components = new Map<string, Logger>();

/** The logger of one part of Perch (`db`, `realtime`, `metering`…): its records carry `component`. */
export function componentLogger(component: string): Logger {
  let child = components.get(component);
  if (!child) {
    child = logger.child({ component });
    components.set(component, child);
  }
  return child;
}
