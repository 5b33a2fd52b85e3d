import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { CallEnd } from '@/lib/observability/call-end';
import { logCall } from '@/lib/observability/call-log';
import { loggerOptions, prettyLogs, readLogLevel, type LogLevel } from '@/lib/observability/logger';

/** A logger with Perch's options writing into an array: the records it wrote, parsed. */
function recordingLogger(level: LogLevel = 'info') {
  const lines: string[] = [];
  const log = pino(loggerOptions(level), { write: (line: string) => void lines.push(line) }).child({ component: 'test' });
  return { log, lines, records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

const KEY_SECRET = 'perch_live_unit0SECRETkeyMaterial0123456789';
const PASSWORD = 'correct horse battery staple (unit)';

const END: CallEnd = {
  requestId: 'req_unit123',
  operation: 'getUser',
  platform: 'local',
  status: 200,
  errorCode: null,
  durationSeconds: 0.012345,
  keyId: 'key_1',
  accountId: 'acct_1',
  source: 'api',
  items: 1,
  credits: 3,
  upstreamRequests: 2,
  upstreamCached: 1,
};

describe('the logger', () => {
  it('censors credentials, key secrets, passwords, tokens and cookies wherever a caller puts them', () => {
    const { log, lines, records } = recordingLogger();
    log.info({ authorization: `Bearer ${KEY_SECRET}`, password: PASSWORD, headers: { authorization: `Bearer ${KEY_SECRET}`, cookie: `session=${PASSWORD}`, 'set-cookie': 'a=b' } }, 'request');
    log.warn({ body: { email: 'a@b.test', password: PASSWORD, newPassword: PASSWORD }, key: { id: 'key_1', secret: KEY_SECRET } }, 'sign-in');
    log.error({ req: { headers: { authorization: `Bearer ${KEY_SECRET}` } }, token: 't0ken-value', refresh_token: 'r3fresh-value', apiKey: KEY_SECRET }, 'tokens');
    const text = lines.join('');
    for (const secret of [KEY_SECRET, PASSWORD, 't0ken-value', 'r3fresh-value', 'a=b']) expect(text).not.toContain(secret);
    const [request, signIn, tokens] = records();
    expect(request).toMatchObject({ authorization: '[redacted]', password: '[redacted]', headers: { authorization: '[redacted]', cookie: '[redacted]', 'set-cookie': '[redacted]' } });
    // What is not secret stays readable.
    expect(signIn).toMatchObject({ body: { email: 'a@b.test', password: '[redacted]' }, key: { id: 'key_1', secret: '[redacted]' }, msg: 'sign-in' });
    expect(tokens).toMatchObject({ req: { headers: { authorization: '[redacted]' } }, token: '[redacted]', apiKey: '[redacted]' });
  });

  it('writes JSON lines with the base fields, the component and an ISO time', () => {
    const { log, records } = recordingLogger();
    log.info({ port: 3000 }, 'ready on http://127.0.0.1:3000');
    const [record] = records();
    expect(record).toMatchObject({ level: 30, service: 'perch', pid: process.pid, component: 'test', port: 3000, msg: 'ready on http://127.0.0.1:3000' });
    expect(typeof record.hostname).toBe('string');
    expect(new Date(String(record.time)).toISOString()).toBe(record.time);
  });

  it('reads PERCH_LOG_LEVEL: info by default, any pino level or silent, a clear error otherwise', () => {
    expect(readLogLevel({})).toBe('info');
    expect(readLogLevel({ PERCH_LOG_LEVEL: 'WARN' })).toBe('warn');
    expect(readLogLevel({ PERCH_LOG_LEVEL: 'silent' })).toBe('silent');
    expect(readLogLevel({ PERCH_LOG_LEVEL: 'debug' })).toBe('debug');
    expect(() => readLogLevel({ PERCH_LOG_LEVEL: 'verbose' })).toThrow(/PERCH_LOG_LEVEL=verbose is not a log level: use one of fatal, error, warn, info, debug, trace, silent/);
  });

  it('is pretty only at a terminal outside production', () => {
    expect(prettyLogs({}, { isTTY: true })).toBe(true);
    expect(prettyLogs({ NODE_ENV: 'production' }, { isTTY: true })).toBe(false);
    expect(prettyLogs({}, { isTTY: false })).toBe(false);
    expect(prettyLogs({}, {})).toBe(false);
  });
});

describe('the call line', () => {
  it('names the call, its caller, outcome, cost and time; leaves out an absent error code and trace id', () => {
    const { log, records } = recordingLogger();
    logCall(log, END);
    logCall(log, { ...END, requestId: 'req_unit404', status: 404, errorCode: 'not_found', items: 0, credits: 0, keyId: null, accountId: null, source: null, platform: null });
    const [ok, missing] = records();
    expect(ok).toMatchObject({ level: 30, msg: 'call', request_id: 'req_unit123', key_id: 'key_1', account_id: 'acct_1', operation: 'getUser', platform: 'local', status: 200, items: 1, credits: 3, latency_ms: 12.3, upstream_calls: 2, upstream_cached: 1, source: 'api' });
    expect(ok).not.toHaveProperty('error_code');
    expect(ok).not.toHaveProperty('trace_id');
    expect(missing).toMatchObject({ request_id: 'req_unit404', status: 404, error_code: 'not_found', key_id: null, account_id: null, platform: null, source: null });
  });

  it('of a success is not written (nor built) above info: only its status is read', () => {
    const { log, lines } = recordingLogger('warn');
    const read: string[] = [];
    // Every field the line would copy is read through this: above info, only the status is.
    const watched = new Proxy(END, { get: (target, field) => (read.push(String(field)), target[field as keyof CallEnd]) });
    logCall(log, watched);
    expect(lines).toEqual([]);
    expect(read).toEqual(['status']);
  });

  it('of a failed call (500 and above) is a warning with its request id, written at warn and not at error', () => {
    const failed: CallEnd = { ...END, requestId: 'req_unit502', status: 502, errorCode: 'upstream_error', items: 0, credits: 0 };
    const atWarn = recordingLogger('warn');
    logCall(atWarn.log, failed);
    logCall(atWarn.log, { ...END, status: 429, errorCode: 'rate_limited' });
    expect(atWarn.records()).toEqual([expect.objectContaining({ level: 40, msg: 'call', request_id: 'req_unit502', status: 502, error_code: 'upstream_error' })]);
    const atError = recordingLogger('error');
    logCall(atError.log, failed);
    expect(atError.lines).toEqual([]);
  });
});
