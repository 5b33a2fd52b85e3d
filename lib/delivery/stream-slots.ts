import { componentLogger } from '@/lib/observability/logger';
import { ApiError } from '@/lib/api/errors';
import { getPool } from '@/lib/db/pool';
import { instanceId } from '@/lib/metering/instance-id';
import { inStreamDatabaseTurn } from './stream-database-turns';
import { streamLimitsFromEnv } from './stream-limits-env';

const log = componentLogger('realtime');

/** How often an instance marks its open streams' slots alive. */
export const SLOT_HEARTBEAT_MS = 10_000;
/** Slots not marked alive for this long belong to an instance that died or lost its database: they stop counting and are deleted. */
export const SLOT_TTL_MS = 30_000;

type LocalSlot = { userId: string; keyId: string; id: string | null; ended: AbortController; released: boolean };

// This instance's streams, open or opening: the caps are checked against these first, so that
// a flood of attempts beyond a cap is refused without a query.
type LocalSlots = { total: number; byKey: Map<string, number>; byAccount: Map<string, number>; open: Set<LocalSlot>; heartbeat?: NodeJS.Timeout; ending: boolean };
const globalForSlots = globalThis as typeof globalThis & { perchStreamSlots?: LocalSlots };

function local(): LocalSlots {
  globalForSlots.perchStreamSlots ??= { total: 0, byKey: new Map(), byAccount: new Map(), open: new Set(), ending: false };
  return globalForSlots.perchStreamSlots;
}

/** A stream's slot: `signal` aborts when the server ends every stream (shutdown); `release` gives the slot back (once, whatever calls it). */
export type StreamSlot = { signal: AbortSignal; release: () => void };

const CLAIM = {
  name: 'claim-stream-slot',
  text: 'SELECT slot_id::text, key_open::int, account_open::int FROM realtime_claim_stream_slot($1, $2, $3, $4, $5, $6)',
};

/**
 * Takes a stream slot of the key, its account and this instance, or throws: 429
 * too_many_streams when the key or the account has its most streams open on all instances
 * together (details: scope, limit), 503 unavailable when this instance has its most open. What
 * this instance can decide alone (its own streams already fill the cap) costs no query.
 */
export async function claimStreamSlot(userId: string, keyId: string): Promise<StreamSlot> {
  const limits = streamLimitsFromEnv();
  const slots = local();
  if ((slots.byKey.get(keyId) ?? 0) >= limits.perKey) throw tooManyStreams('key', limits.perKey);
  if ((slots.byAccount.get(userId) ?? 0) >= limits.perAccount) throw tooManyStreams('account', limits.perAccount);
  if (slots.total >= limits.perInstance) {
    throw new ApiError('unavailable', `this server has its most streams open (${limits.perInstance}): retry shortly`, undefined, { 'retry-after': '5' });
  }
  const slot: LocalSlot = { userId, keyId, id: null, ended: new AbortController(), released: false };
  // Counted from here on: attempts arriving while this one asks the database see it.
  count(slots, slot, 1);
  let row: { slot_id: string | null; key_open: number; account_open: number };
  try {
    row = await inStreamDatabaseTurn(async () => {
      const { rows } = await getPool().query({ ...CLAIM, values: [userId, keyId, instanceId(), limits.perKey, limits.perAccount, SLOT_TTL_MS] });
      return rows[0] as typeof row;
    });
  } catch (error) {
    count(slots, slot, -1);
    throw error;
  }
  if (row.slot_id === null) {
    count(slots, slot, -1);
    throw row.key_open >= limits.perKey ? tooManyStreams('key', limits.perKey) : tooManyStreams('account', limits.perAccount);
  }
  slot.id = row.slot_id;
  slots.open.add(slot);
  keepAlive(slots);
  return { signal: slot.ended.signal, release: () => release(slots, slot) };
}

/**
 * A stream slot for a caller without a key (a dashboard page, signed in): counted against its
 * account's cap and this instance's, on this instance alone (the slots table wants a key), and
 * ended like every other stream at shutdown. Throws as claimStreamSlot does.
 */
export function claimLocalStreamSlot(userId: string): StreamSlot {
  const limits = streamLimitsFromEnv();
  const slots = local();
  if ((slots.byAccount.get(userId) ?? 0) >= limits.perAccount) throw tooManyStreams('account', limits.perAccount);
  if (slots.total >= limits.perInstance) {
    throw new ApiError('unavailable', `this server has its most streams open (${limits.perInstance}): retry shortly`, undefined, { 'retry-after': '5' });
  }
  // Keyed apart from every real key id, so a key's own count is never touched.
  const slot: LocalSlot = { userId, keyId: `session:${userId}`, id: null, ended: new AbortController(), released: false };
  count(slots, slot, 1);
  slots.open.add(slot);
  return { signal: slot.ended.signal, release: () => release(slots, slot) };
}

function tooManyStreams(scope: 'key' | 'account', limit: number): ApiError {
  const whose = scope === 'key' ? 'this key has' : "this key's account has";
  return new ApiError('too_many_streams', `${whose} ${limit} streams open, its most: close one before opening another`, { scope, limit });
}

function count(slots: LocalSlots, slot: LocalSlot, by: 1 | -1): void {
  slots.total += by;
  for (const [map, id] of [
    [slots.byKey, slot.keyId],
    [slots.byAccount, slot.userId],
  ] as const) {
    const next = (map.get(id) ?? 0) + by;
    if (next > 0) map.set(id, next);
    else map.delete(id);
  }
}

function release(slots: LocalSlots, slot: LocalSlot): void {
  if (slot.released) return;
  slot.released = true;
  count(slots, slot, -1);
  slots.open.delete(slot);
  if (slots.open.size === 0) {
    clearInterval(slots.heartbeat);
    slots.heartbeat = undefined;
  }
  // At shutdown one statement gives back all of the instance's slots (endOpenStreams); a local slot has no row.
  if (slots.ending || slot.id === null) return;
  // A failed delete (the database is gone) leaves a row that stops counting after SLOT_TTL_MS.
  void inStreamDatabaseTurn(() => getPool().query('DELETE FROM realtime_stream_slots WHERE id = $1::bigint', [slot.id])).catch((error: Error) =>
    log.error({ err: error }, `giving back a stream slot failed (it expires in ${SLOT_TTL_MS / 1000} s): ${error.message}`),
  );
}

/**
 * While this instance has streams open, it marks their slots alive, and deletes the slots of
 * instances that stopped doing so: a killed instance's slots free within SLOT_TTL_MS.
 */
function keepAlive(slots: LocalSlots): void {
  if (slots.heartbeat) return;
  slots.heartbeat = setInterval(() => {
    void getPool()
      .query(
        `WITH alive AS (UPDATE realtime_stream_slots SET heartbeat_at = now() WHERE instance_id = $1)
         DELETE FROM realtime_stream_slots WHERE instance_id <> $1 AND heartbeat_at < now() - $2::int * interval '1 millisecond'`,
        [instanceId(), SLOT_TTL_MS],
      )
      .catch((error: Error) => log.error({ err: error }, `marking the open streams alive failed: ${error.message}`));
  }, SLOT_HEARTBEAT_MS);
  slots.heartbeat.unref();
}

/** Ends every open stream of this instance and gives back their slots (shutdown): clients reconnect elsewhere with Last-Event-ID. */
export async function endOpenStreams(): Promise<void> {
  const slots = local();
  slots.ending = true;
  try {
    for (const slot of [...slots.open]) slot.ended.abort();
    await getPool().query('DELETE FROM realtime_stream_slots WHERE instance_id = $1', [instanceId()]);
  } finally {
    slots.ending = false;
  }
}

/** This instance's open streams (tests, and whoever wants to report it). */
export function openStreamCount(): number {
  return local().open.size;
}
