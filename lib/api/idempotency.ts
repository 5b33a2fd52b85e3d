import crypto from 'node:crypto';
import { getPool } from '@/lib/db/pool';
import { ApiError } from './errors';
import type { ApiRequest } from './api-request';

/** What an Idempotency-Key may be: 1 to 255 visible ASCII characters (also the OpenAPI document's pattern). */
export const KEY_SYNTAX = /^[\x21-\x7e]{1,255}$/;
const TTL_HOURS = 24;

export type IdempotencyClaim = { kind: 'claimed' } | { kind: 'replay'; status: number; body: string };

/**
 * A hash of what makes two writes "the same request": method, path, query and body. Query
 * and body are hashed as data, in sorted order, so that a client that re-serializes the same
 * request (other key order, other spacing) is still sending the same request.
 */
export function requestFingerprint(method: string, url: URL, body: unknown): string {
  const query = [...url.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return crypto.createHash('sha256').update(JSON.stringify([method, url.pathname, query, canonical(body)])).digest('hex');
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.keys(value)
    .sort()
    .map((key) => [key, canonical((value as Record<string, unknown>)[key])]);
}

/** The Idempotency-Key header, checked; null when absent. */
export function idempotencyKeyOf(request: ApiRequest): string | null {
  const key = request.headers.get('idempotency-key');
  if (key === null) return null;
  if (!KEY_SYNTAX.test(key)) {
    throw new ApiError('invalid_request', 'Idempotency-Key must be 1 to 255 visible ASCII characters', [{ path: 'Idempotency-Key', message: 'invalid' }]);
  }
  return key;
}

/**
 * Claims the key for this request, or finds the stored response of the earlier identical
 * request. The same key with another request, or while the first is still running, is 409.
 */
export async function claimIdempotencyKey(userId: string, key: string, fingerprint: string): Promise<IdempotencyClaim> {
  const pool = getPool();
  await pool.query({
    name: 'idempotency-expire',
    text: `DELETE FROM idempotency_records WHERE user_id = $1 AND key = $2 AND created_at < now() - interval '${TTL_HOURS} hours'`,
    values: [userId, key],
  });
  const inserted = await pool.query({
    name: 'idempotency-claim',
    text: `INSERT INTO idempotency_records (user_id, key, request_hash, status, body) VALUES ($1, $2, $3, 0, '')
           ON CONFLICT (user_id, key) DO NOTHING`,
    values: [userId, key, fingerprint],
  });
  if (inserted.rowCount === 1) return { kind: 'claimed' };
  const { rows } = await pool.query<{ request_hash: string; status: number; body: string }>({
    name: 'idempotency-read',
    text: 'SELECT request_hash, status, body FROM idempotency_records WHERE user_id = $1 AND key = $2',
    values: [userId, key],
  });
  const earlier = rows[0];
  if (!earlier) return claimIdempotencyKey(userId, key, fingerprint); // expired between the two statements
  if (earlier.request_hash !== fingerprint) {
    throw new ApiError('idempotency_conflict', 'this Idempotency-Key was already used with a different request');
  }
  if (earlier.status === 0) // Same code as a mismatch (the contract has one 409), but Retry-After tells a client that
    // retried a slow write to wait for the first attempt rather than give up.
    throw new ApiError('idempotency_conflict', 'a request with this Idempotency-Key is still in progress: retry shortly', undefined, { 'retry-after': '1' });
  return { kind: 'replay', status: earlier.status, body: earlier.body };
}

/** Stores the response of a claimed key for replays. */
export async function completeIdempotencyKey(userId: string, key: string, status: number, body: string): Promise<void> {
  await getPool().query({
    name: 'idempotency-complete',
    text: 'UPDATE idempotency_records SET status = $3, body = $4 WHERE user_id = $1 AND key = $2',
    values: [userId, key, status, body],
  });
}

/** Frees a claimed key after a failed request, so that a retry runs again. */
export async function releaseIdempotencyKey(userId: string, key: string): Promise<void> {
  await getPool().query({ name: 'idempotency-release', text: 'DELETE FROM idempotency_records WHERE user_id = $1 AND key = $2 AND status = 0', values: [userId, key] });
}
