import { componentLogger } from '@/lib/observability/logger';
import { LOCAL_ID_PATTERN } from '../syntax';
import { upstreamCallFields } from '../upstream-cache';

const log = componentLogger('x');

// Nothing from X is taken on trust: an id or username that breaks X's syntax (Perch sends ids
// back to X in the next request and to callers who do the same), a count that is negative or not
// a whole number, a time that is not a time. A record with such a value, or without what Perch's
// schema requires, is left out: never returned, never charged. Each kind of fault is logged once
// per process, enough for an operator to see X and Perch disagree without a line per record.

const USERNAME = /^[A-Za-z0-9_]{1,15}$/;
const logged = new Set<string>();

/** An X id: 1 to 19 decimal digits. */
export function isXId(value: unknown): value is string {
  return typeof value === 'string' && LOCAL_ID_PATTERN.test(value);
}

/** An X username: 1 to 15 letters, digits or underscores. */
export function isXUsername(value: unknown): value is string {
  return typeof value === 'string' && USERNAME.test(value);
}

/** X's count as Perch's: null where X gave none, undefined where it gave something no count can be. */
export function xCount(value: unknown): number | null | undefined {
  if (value === undefined || value === null) return null;
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/** An ISO-8601 UTC time from X's, or null when X's is missing or not a time. */
export function xTime(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}

/** Records a record left out; logs the first of each kind and reason. */
export function leaveOut(kind: 'user' | 'post' | 'trend', reason: string): null {
  const key = `${kind}:${reason}`;
  if (!logged.has(key)) {
    logged.add(key);
    log.warn({ ...upstreamCallFields(), kind, reason }, `left out a ${kind} X answered with ${reason} (logged once per kind)`);
  }
  return null;
}
