// The call line written without pino's generic record loop: the line pino would write for the
// same fields, character for character, built from a template. Taken for a logger only when
// nothing of pino's could change that line (no redaction path, serializer, mixin, hook or
// formatter touches its fields): the call line's fields are ids, names and figures, never a
// secret. pino's loop (a stringifier lookup and an escape per field) and its ISO time cost
// about half of the line (CPU profile of 'metrics and logs on', npm run bench).
import pino from 'pino';
import type { DeferredLine, LineDestination } from './batched-destination';
import type { Logger } from './logger';

/** The call line's fields, in pino's order; undefined ones are left out as pino leaves them out. */
export type CallLineFields = {
  request_id: string;
  key_id: string | null;
  account_id: string | null;
  operation: string;
  platform: string | null;
  status: number;
  error_code: string | undefined;
  items: number;
  credits: number;
  latency_ms: number;
  upstream_calls: number;
  upstream_cached: number;
  source: string | null;
  trace_id: string | undefined;
};

export const CALL_LINE_KEYS: ReadonlyArray<keyof CallLineFields> = [
  'request_id', 'key_id', 'account_id', 'operation', 'platform', 'status', 'error_code', 'items', 'credits', 'latency_ms', 'upstream_calls', 'upstream_cached', 'source', 'trace_id',
];

// msgPrefixSym is one of pino.symbols at run time, missing from its types.
const s = pino.symbols as typeof pino.symbols & { msgPrefixSym: symbol };
type Internals = Record<symbol, unknown>;

/** Whether pino would write `fields` of a `msg` line on `log` exactly as callLine does. */
export function plainCallLine(log: Logger): boolean {
  const internals = log as unknown as Internals;
  const stringifiers = internals[s.stringifiersSym] as Record<string | symbol, unknown>;
  const serializers = internals[s.serializersSym] as Record<string, unknown>;
  const hooks = internals[s.hooksSym] as { logMethod?: unknown; streamWrite?: unknown };
  const formatters = internals[s.formattersSym] as { log?: unknown };
  const stream = internals[s.streamSym] as Record<symbol, unknown> | undefined;
  return (
    internals[s.timeSym] === pino.stdTimeFunctions.isoTime &&
    internals[s.messageKeySym] === 'msg' &&
    !internals[s.mixinSym] &&
    !internals[s.nestedKeySym] &&
    !internals[s.msgPrefixSym] &&
    !hooks.logMethod &&
    !hooks.streamWrite &&
    !formatters.log &&
    !stringifiers[s.wildcardFirstSym] &&
    stream !== undefined &&
    stream[s.needsMetadataGsym] !== true &&
    CALL_LINE_KEYS.every((key) => !stringifiers[key] && !serializers[key]) &&
    !stringifiers.msg &&
    !serializers.msg
  );
}

// pino's isoTime, made once per millisecond: at a few thousand calls a second, one Date in two.
let timeMs = -1;
let timeField = '';
function isoTimeField(now: number): string {
  if (now !== timeMs) {
    timeMs = now;
    timeField = `,"time":"${new Date(now).toISOString()}"`;
  }
  return timeField;
}

const text = (value: string | null): string => (value === null ? 'null' : JSON.stringify(value));
const number = (value: number): string => (Number.isFinite(value) ? String(value) : 'null');

/**
 * Writes the info line `call` of `fields` to `log`'s stream as pino would (plainCallLine(log)
 * must hold). A stream that defers lines (the server's, batched-destination.ts) makes it later,
 * with the time it was logged at.
 */
export function writeCallLine(log: Logger, fields: CallLineFields): void {
  const stream = (log as unknown as Internals)[s.streamSym] as Partial<LineDestination> & { write(line: string): unknown };
  if (stream.defer) stream.defer(new PendingCallLine(log, fields, Date.now()));
  else stream.write(callLineText(log, fields, Date.now()));
}

class PendingCallLine implements DeferredLine {
  constructor(
    private readonly log: Logger,
    private readonly fields: CallLineFields,
    private readonly timeMs: number,
  ) {}

  line(): string {
    return callLineText(this.log, this.fields, this.timeMs);
  }
}

/** The info line `call` of `fields` on `log`, logged at `now` (ms). */
function callLineText(log: Logger, fields: CallLineFields, now: number): string {
  const internals = log as unknown as Internals;
  const levelField = (internals[s.lsCacheSym] as Record<number, string>)[30];
  return (
    levelField +
    isoTimeField(now) +
    (internals[s.chindingsSym] as string) +
    `,"request_id":${text(fields.request_id)},"key_id":${text(fields.key_id)},"account_id":${text(fields.account_id)}` +
    `,"operation":${text(fields.operation)},"platform":${text(fields.platform)},"status":${number(fields.status)}` +
    (fields.error_code === undefined ? '' : `,"error_code":${text(fields.error_code)}`) +
    `,"items":${number(fields.items)},"credits":${number(fields.credits)},"latency_ms":${number(fields.latency_ms)}` +
    `,"upstream_calls":${number(fields.upstream_calls)},"upstream_cached":${number(fields.upstream_cached)},"source":${text(fields.source)}` +
    (fields.trace_id === undefined ? '' : `,"trace_id":${text(fields.trace_id)}`) +
    ',"msg":"call"' +
    (internals[s.endSym] as string)
  );
}
