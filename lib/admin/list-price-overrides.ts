import { getPool } from '@/lib/db/pool';

// The workspaces' own terms as the operator reads them: per workspace and scope (platform or
// all, operation or all), the override in force now, and any change scheduled for later (a new
// discount or price, or a withdrawal). A scope whose latest row in force is a withdrawal has none.

export type OverrideListing = {
  workspaceId: string;
  slug: string;
  name: string;
  platform: string | null;
  operation: string | null;
  discountPercent: number | null;
  unitCredits: number | null;
  withdrawn: boolean;
  effectiveFrom: string;
  createdBy: string;
  state: 'in force' | 'scheduled';
};

type Row = Omit<OverrideListing, 'effectiveFrom'> & { effectiveFrom: Date };

const OVERRIDES_SQL = `
  WITH latest AS (
    SELECT DISTINCT ON (user_id, coalesce(platform, '*'), coalesce(operation, '*')) *
      FROM price_overrides
     WHERE effective_from <= now()
     ORDER BY user_id, coalesce(platform, '*'), coalesce(operation, '*'), effective_from DESC, id DESC
  ), listed AS (
    SELECT *, 'in force' AS state FROM latest WHERE NOT withdrawn
    UNION ALL
    SELECT *, 'scheduled' FROM price_overrides WHERE effective_from > now()
  )
  SELECT o.user_id AS "workspaceId", w.slug, w.name, o.platform, o.operation, o.discount_percent AS "discountPercent",
         o.unit_credits AS "unitCredits", o.withdrawn, o.effective_from AS "effectiveFrom", o.created_by AS "createdBy", o.state
    FROM listed o JOIN workspaces w ON w.id = o.user_id
   ORDER BY w.slug, o.platform NULLS FIRST, o.operation NULLS FIRST, o.effective_from`;

/** Every override in force or scheduled, by workspace slug, then scope, then date. */
export async function listPriceOverrides(): Promise<OverrideListing[]> {
  const { rows } = await getPool().query<Row>(OVERRIDES_SQL);
  return rows.map((row) => ({ ...row, effectiveFrom: row.effectiveFrom.toISOString() }));
}
