import { getPool } from '@/lib/db/pool';

/** A usage_daily row as the Usage page reads it; `key_id` is '' for calls made without a key. */
export type KeylessSplittable = { day: string; key_id: string; operation: string; platform: string; calls: number; errors: number; items: string; credits: string };

// usage_daily keeps one '' key for every call made from the dashboard; which page made it is in
// usage_events.source. Only keyless events are read, from the same range. The rollup files calls
// by platform too, so each keyless row is split by the events of its own platform.
const KEYLESS_SQL = `
  SELECT (created_at AT TIME ZONE 'UTC')::date::text AS day, operation, platform, source,
         count(*)::int AS calls, count(*) FILTER (WHERE status >= 400)::int AS errors, sum(items)::text AS items, sum(credits)::text AS credits
  FROM usage_events
  WHERE user_id = $1 AND key_id IS NULL AND created_at >= ((now() AT TIME ZONE 'UTC')::date - ($2::int - 1))::timestamp AT TIME ZONE 'UTC'
  GROUP BY 1, 2, 3, 4`;

type KeylessRow = { day: string; operation: string; platform: string; source: string; calls: number; errors: number; items: string; credits: string };

/** The key id the Usage page gives the calls of one dashboard page (`source:explorer`). */
export const sourceKeyId = (source: string) => `source:${source}`;

/**
 * The rows with each keyless one split by the dashboard page that made its calls (key id
 * `source:<page>`). What the kept events cannot explain (calls older than the request log
 * keeps) stays under the '' key.
 */
export async function splitKeylessUsage<T extends KeylessSplittable>(userId: string, range: number, rows: T[]): Promise<T[]> {
  if (!rows.some((r) => r.key_id === '')) return rows;
  const { rows: events } = await getPool().query<KeylessRow>(KEYLESS_SQL, [userId, range]);
  const bySlot = new Map<string, KeylessRow[]>();
  for (const e of events) {
    const slot = `${e.day}|${e.operation}|${e.platform}`;
    bySlot.set(slot, [...(bySlot.get(slot) ?? []), e]);
  }
  const out: T[] = [];
  for (const r of rows) {
    const parts = r.key_id === '' ? bySlot.get(`${r.day}|${r.operation}|${r.platform}`) : undefined;
    if (!parts) {
      out.push(r);
      continue;
    }
    let rest = { calls: r.calls, errors: r.errors, items: Number(r.items), credits: Number(r.credits) };
    for (const p of parts) {
      // Never more than the rollup says: the two are written together, so this only trims a race.
      const calls = Math.min(p.calls, rest.calls);
      if (calls === 0) continue;
      const part = { calls, errors: Math.min(p.errors, rest.errors), items: Math.min(Number(p.items), rest.items), credits: Math.min(Number(p.credits), rest.credits) };
      out.push({ ...r, key_id: sourceKeyId(p.source), calls: part.calls, errors: part.errors, items: String(part.items), credits: String(part.credits) });
      rest = { calls: rest.calls - part.calls, errors: rest.errors - part.errors, items: rest.items - part.items, credits: rest.credits - part.credits };
    }
    if (rest.calls > 0) out.push({ ...r, calls: rest.calls, errors: rest.errors, items: String(rest.items), credits: String(rest.credits) });
  }
  return out;
}
