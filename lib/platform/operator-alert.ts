// A line for the operator about a fault only they can fix (the upstream refusing Perch's own
// credentials). Every request meets such a fault until it is fixed, so the line is written at
// most once a minute per key: enough to be seen, not one line per request.

const ALERT_INTERVAL_MS = 60_000;
const lastAlerted = new Map<string, number>();

/** Writes `line` with console.error unless a line of the same `key` was written in the last minute; returns whether it did. */
export function alertOperator(key: string, line: string, now = Date.now()): boolean {
  const last = lastAlerted.get(key);
  if (last !== undefined && now - last < ALERT_INTERVAL_MS) return false;
  lastAlerted.set(key, now);
  console.error(line);
  return true;
}
