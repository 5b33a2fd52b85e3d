import { getPool } from '@/lib/db/pool';

// Every change to an operation's price and upstream cost, newest first, with who made it:
// what the operator reads to see what was charged when. The tables keep one row per change.

export type PriceHistoryEntry = {
  kind: 'price' | 'cost';
  platform: string;
  operation: string;
  /** Price rows. */
  unitCredits: number | null;
  minCredits: number | null;
  /** Cost rows, in millionths. */
  perRequestMicros: number | null;
  perItemMicros: number | null;
  effectiveFrom: string;
  createdAt: string;
  createdBy: string;
  /** 'in force' for the row that applies now, 'scheduled' for later ones, 'past' for the replaced. */
  state: 'in force' | 'scheduled' | 'past';
};

type Row = Omit<PriceHistoryEntry, 'effectiveFrom' | 'createdAt' | 'perRequestMicros' | 'perItemMicros'> & {
  effective_from: Date;
  created_at: Date;
  per_request_micros: string | null;
  per_item_micros: string | null;
  current: boolean;
};

const HISTORY_SQL = `
  WITH changes AS (
    SELECT 'price' AS kind, platform, operation, unit_credits, min_credits, NULL::bigint AS per_request_micros, NULL::bigint AS per_item_micros,
           effective_from, created_at, created_by FROM prices
    UNION ALL
    SELECT 'cost', platform, operation, NULL, NULL, per_request_micros, per_item_micros, effective_from, created_at, created_by FROM upstream_costs
  )
  SELECT kind, platform, operation, unit_credits AS "unitCredits", min_credits AS "minCredits", per_request_micros, per_item_micros,
         effective_from, created_at, created_by AS "createdBy",
         effective_from = max(effective_from) FILTER (WHERE effective_from <= now()) OVER (PARTITION BY kind, platform, operation) AS current
    FROM changes
   WHERE $1::text IS NULL OR operation = $1
   ORDER BY operation, effective_from DESC, kind, platform`;

/** The history of every operation (or one), grouped by operation id, newest change first. */
export async function listPriceHistory(operation?: string): Promise<Map<string, PriceHistoryEntry[]>> {
  const { rows } = await getPool().query<Row>(HISTORY_SQL, [operation ?? null]);
  const now = Date.now();
  const history = new Map<string, PriceHistoryEntry[]>();
  for (const row of rows) {
    const entry: PriceHistoryEntry = {
      kind: row.kind,
      platform: row.platform,
      operation: row.operation,
      unitCredits: row.unitCredits,
      minCredits: row.minCredits,
      perRequestMicros: row.per_request_micros === null ? null : Number(row.per_request_micros),
      perItemMicros: row.per_item_micros === null ? null : Number(row.per_item_micros),
      effectiveFrom: row.effective_from.toISOString(),
      createdAt: row.created_at.toISOString(),
      createdBy: row.createdBy,
      state: row.effective_from.getTime() > now ? 'scheduled' : row.current ? 'in force' : 'past',
    };
    const list = history.get(row.operation);
    if (list) list.push(entry);
    else history.set(row.operation, [entry]);
  }
  return history;
}
