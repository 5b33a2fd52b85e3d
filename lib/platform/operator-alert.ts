// A line for the operator about a fault only they can fix (the upstream refusing Perch's own
// credentials). Every request meets such a fault until it is fixed, so the line is written at
// most once a minute per key: enough to be seen, not one line per request.
import { componentLogger } from '@/lib/observability/logger';
import { upstreamCallFields } from './upstream-cache';

const ALERT_INTERVAL_MS = 60_000;
const lastAlerted = new Map<string, number>();

/**
 * Logs `line` as an error unless a line of the same `key` was written in the last minute; returns
 * whether it did. A leading `[x] ` names the component (`x`) of the record; the /v2 call that met
 * the fault, if any, is named by its request id.
 */
export function alertOperator(key: string, line: string, now = Date.now()): boolean {
  const last = lastAlerted.get(key);
  if (last !== undefined && now - last < ALERT_INTERVAL_MS) return false;
  lastAlerted.set(key, now);
  const tagged = /^\[([\w-]+)\] /.exec(line);
  componentLogger(tagged?.[1] ?? 'platform').error({ ...upstreamCallFields(), alert: key }, tagged ? line.slice(tagged[0].length) : line);
  return true;
}
