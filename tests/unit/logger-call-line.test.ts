import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { batchedDestination } from '@/lib/observability/batched-destination';
import { CALL_LINE_KEYS, plainCallLine, writeCallLine, type CallLineFields } from '@/lib/observability/call-line';
import { loggerOptions, REDACTED_PATHS } from '@/lib/observability/logger';

/** A logger with Perch's options (or others) writing into an array. */
function recordingLogger(options = loggerOptions('info')) {
  const lines: string[] = [];
  const log = pino(options, { write: (line: string) => void lines.push(line) }).child({ component: 'api' });
  return { log, lines };
}

const FIELDS: CallLineFields[] = [
  { request_id: 'req_1', key_id: 'key_1', account_id: 'acct_1', operation: 'getUser', platform: 'local', status: 200, error_code: undefined, items: 1, credits: 3, latency_ms: 12.3, upstream_calls: 2, upstream_cached: 1, source: 'api', trace_id: undefined },
  { request_id: 'req_"q\\\n\u2028é', key_id: null, account_id: null, operation: 'unmatchedRoute', platform: null, status: 404, error_code: 'not_found', items: 0, credits: 0, latency_ms: Number.NaN, upstream_calls: 0, upstream_cached: 0, source: null, trace_id: '0af7651916cd43dd8448eb211c80319c' },
];

/** A line with its time cut out: pino's and the template's are made a moment apart. */
const timeless = (line: string) => line.replace(/,"time":"[^"]+"/, '');

describe('the call line template', () => {
  it('writes the line pino writes for the same fields, character for character', () => {
    for (const fields of FIELDS) {
      const { log, lines } = recordingLogger();
      expect(plainCallLine(log)).toBe(true);
      log.info(fields, 'call');
      writeCallLine(log, fields);
      expect(lines).toHaveLength(2);
      expect(timeless(lines[1])).toBe(timeless(lines[0]));
      const record = JSON.parse(lines[1]) as Record<string, unknown>;
      expect(new Date(String(record.time)).toISOString()).toBe(record.time);
    }
  });

  it('is taken only where no redaction path, serializer or hook could change the line', () => {
    // Perch's own redaction touches none of the call line's fields: the template drops nothing.
    for (const key of CALL_LINE_KEYS) expect(REDACTED_PATHS.filter((path) => path === key || path.startsWith(`${key}.`) || path.startsWith(`${key}[`))).toEqual([]);
    const base = loggerOptions('info');
    expect(plainCallLine(recordingLogger({ ...base, redact: { paths: [...REDACTED_PATHS, 'key_id'], censor: '[redacted]' } }).log)).toBe(false);
    // A wildcard path reaches every field: pino writes the line then.
    expect(plainCallLine(recordingLogger({ ...base, redact: { paths: ['*.secret'], censor: '[redacted]' } }).log)).toBe(false);
    expect(plainCallLine(recordingLogger({ ...base, serializers: { ...base.serializers, source: () => 'x' } }).log)).toBe(false);
    expect(plainCallLine(recordingLogger({ ...base, mixin: () => ({ a: 1 }) }).log)).toBe(false);
    expect(plainCallLine(recordingLogger({ ...base, formatters: { log: (o: Record<string, unknown>) => o } }).log)).toBe(false);
    expect(plainCallLine(recordingLogger({ ...base, hooks: { streamWrite: (line: string) => line } }).log)).toBe(false);
    expect(plainCallLine(recordingLogger({ ...base, timestamp: pino.stdTimeFunctions.epochTime }).log)).toBe(false);
    expect(plainCallLine(recordingLogger({ ...base, msgPrefix: '[api] ' }).log)).toBe(false);
  });

  it('is made later on a deferring destination, as pino writes it, with the time it was logged at', async () => {
    const batches: Buffer[] = [];
    const destination = batchedDestination({ write: (data) => (batches.push(Buffer.from(data)), true), flush: (cb) => cb?.(), flushSync: () => undefined }, 65_536);
    const log = pino(loggerOptions('info'), destination).child({ component: 'api' });
    expect(plainCallLine(log)).toBe(true);
    const { log: reference, lines: expected } = recordingLogger();
    const before = Date.now();
    writeCallLine(log, FIELDS[0]);
    const after = Date.now();
    // Made well after it was logged: the line must still carry the moment it was logged.
    await new Promise((resolve) => setTimeout(resolve, 20));
    log.warn({ request_id: 'req_2' }, 'next');
    destination.flushSync();
    const [callLine, nextLine] = Buffer.concat(batches).toString('utf8').split(/(?<=\n)/);
    reference.info(FIELDS[0], 'call');
    expect(timeless(callLine)).toBe(timeless(expected[0]));
    const logged = Date.parse(String((JSON.parse(callLine) as { time: string }).time));
    expect(logged).toBeGreaterThanOrEqual(before);
    expect(logged).toBeLessThanOrEqual(after);
    expect(JSON.parse(nextLine)).toMatchObject({ msg: 'next', request_id: 'req_2' });
  });
});
