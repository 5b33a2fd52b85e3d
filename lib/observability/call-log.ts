// One line per answered /v2 call (msg 'call'), from the call-end record: who called what, how it
// ended, what it cost and how long it took. At info, except for an answer of 500 or above (Perch,
// its database or an upstream failed the call): at warn, where an operator reading only
// warnings and errors finds it with its request id. Built only when its level is written.
import { onCallEnd, type CallEnd } from './call-end';
import { plainCallLine, writeCallLine, type CallLineFields } from './call-line';
import { componentLogger, type Logger } from './logger';
import { currentTraceId } from './trace-context';

// Whether a logger takes call-line.ts's template (decided once per logger: its options do not change).
const plain = new WeakMap<Logger, boolean>();

// The status from which a call line is a warning.
const FAILED_STATUS = 500;

/** Writes the call line of `end` to `log` (nothing is built when its level is not written). */
export function logCall(log: Logger, end: CallEnd): void {
  const failed = end.status >= FAILED_STATUS;
  if (!log.isLevelEnabled(failed ? 'warn' : 'info')) return;
  const fields: CallLineFields = {
    request_id: end.requestId,
    key_id: end.keyId,
    account_id: end.accountId,
    operation: end.operation,
    platform: end.platform,
    status: end.status,
    // undefined fields are left out of the line.
    error_code: end.errorCode ?? undefined,
    items: end.items,
    credits: end.credits,
    latency_ms: Math.round(end.durationSeconds * 10_000) / 10,
    upstream_calls: end.upstreamRequests,
    upstream_cached: end.upstreamCached,
    source: end.source,
    trace_id: currentTraceId(),
  };
  if (failed) return log.warn(fields, 'call');
  let isPlain = plain.get(log);
  if (isPlain === undefined) {
    isPlain = plainCallLine(log);
    plain.set(log, isPlain);
  }
  if (isPlain) writeCallLine(log, fields);
  else log.info(fields, 'call');
}

/**
 * Logs every call this process answers from now on; returns the removal. Registers nothing
 * when warnings are off too (PERCH_LOG_LEVEL=error…), so that dispatch need not build a record for it.
 */
export function startCallLog(log: Logger = componentLogger('api')): () => void {
  if (!log.isLevelEnabled('warn')) return () => undefined;
  // Named: scripts/bench-observed-turns.ts detaches listeners by name.
  const callLine = (end: CallEnd) => logCall(log, end);
  return onCallEnd(callLine);
}
