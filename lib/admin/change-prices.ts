import { getPool } from '@/lib/db/pool';
import { setCreditValue, setPrice, setPriceOverride, setUpstreamCost } from '@/lib/prices/write-prices';
import { workspaceBySlugOrId } from './find-workspace';
import { formatMoney } from './money';
import { describeUnit } from './priced-operations';
import { field, FieldReader, readEffectiveFrom, readMoney, readOperation, readPlatform, readWhole } from './price-inputs';

// The operator's changes to prices, from the /admin/prices forms and the admin CLI alike: each
// validates its fields (raw text), writes one row through lib/prices/write-prices.ts (which
// tells every instance) and answers a sentence saying what is now in force or scheduled.
// `by` is who changed it (an admin's email, or the CLI's operator), kept with the row.

export type ChangeResult = { ok: true; message: string } | { ok: false; errors: Record<string, string>; notFound?: boolean };

type Input = Record<string, unknown>;

function invalid(reader: FieldReader): ChangeResult {
  return { ok: false, errors: reader.errors };
}

function when(from: Date | null): string {
  return from ? `from ${from.toISOString().slice(0, 16).replace('T', ' ')} UTC (scheduled)` : 'from now';
}

/** A price on the list: fields platform, operation, credits, minimum (optional), from (optional). */
export async function changePrice(input: Input, by: string): Promise<ChangeResult> {
  const reader = new FieldReader();
  const platform = reader.take('platform', readPlatform(field(input, 'platform')));
  const operation = reader.take('operation', readOperation(field(input, 'operation')));
  const credits = reader.take('credits', readWhole(field(input, 'credits'), 'the credits'));
  const minimum = reader.take('minimum', readWhole(field(input, 'minimum'), 'a minimum in credits', { optional: true }));
  const from = reader.take('from', readEffectiveFrom(field(input, 'from')));
  if (!reader.ok || !platform || !operation || credits === undefined || from === undefined) return invalid(reader);
  await setPrice({ platform, operation: operation.id, unitCredits: credits, minCredits: minimum ?? null, effectiveFrom: from, createdBy: by });
  const minimumText = minimum ? `, minimum ${minimum} per call` : '';
  return { ok: true, message: `${operation.id} on ${platform}: ${credits} credits per ${describeUnit(operation)}${minimumText}, ${when(from)}` };
}

/** The currency of the credit's value in force (costs are typed in it), or null before one is set. */
async function operatorCurrency(): Promise<string | null> {
  const { rows } = await getPool().query<{ currency: string }>('SELECT currency FROM credit_values WHERE effective_from <= now() ORDER BY effective_from DESC LIMIT 1');
  return rows[0]?.currency ?? null;
}

/** An upstream cost: fields platform, operation, perRequest and perItem (money, e.g. "0.005 USD"), from (optional). */
export async function changeUpstreamCost(input: Input, by: string): Promise<ChangeResult> {
  const currency = await operatorCurrency();
  const reader = new FieldReader();
  const platform = reader.take('platform', readPlatform(field(input, 'platform')));
  const operation = reader.take('operation', readOperation(field(input, 'operation')));
  // Either may be left out (0), not both: a cost of nothing is set by typing 0.
  if (field(input, 'perRequest') === '' && field(input, 'perItem') === '') reader.errors.perItem = 'enter the cost per request, per item or both (0 for none)';
  const perRequest = reader.take('perRequest', readMoney(field(input, 'perRequest') || '0', 'the cost per request', currency));
  const perItem = reader.take('perItem', readMoney(field(input, 'perItem') || '0', 'the cost per item', currency));
  const from = reader.take('from', readEffectiveFrom(field(input, 'from')));
  if (!reader.ok || !platform || !operation || perRequest === undefined || perItem === undefined || from === undefined) return invalid(reader);
  await setUpstreamCost({ platform, operation: operation.id, perRequestMicros: perRequest, perItemMicros: perItem, effectiveFrom: from, createdBy: by });
  const money = (micros: number) => formatMoney(micros, currency ?? '(currency not set)');
  return { ok: true, message: `${operation.id} on ${platform} costs ${money(perRequest)} per request and ${money(perItem)} per item upstream, ${when(from)}` };
}

/** What a credit is worth: fields value (money per credit), currency (3 letters), from (optional). */
export async function changeCreditValue(input: Input, by: string): Promise<ChangeResult> {
  const reader = new FieldReader();
  const currencyText = field(input, 'currency').toUpperCase() || 'USD';
  const currency = reader.take('currency', /^[A-Z]{3}$/.test(currencyText) ? { value: currencyText } : { error: `enter a 3-letter currency code such as USD, got "${currencyText}"` });
  const value = reader.take('value', readMoney(field(input, 'value'), 'what one credit is worth', currency ?? null));
  if (value === 0) reader.errors.value ??= 'a credit must be worth more than 0';
  const from = reader.take('from', readEffectiveFrom(field(input, 'from')));
  if (!reader.ok || !currency || value === undefined || from === undefined) return invalid(reader);
  await setCreditValue({ microsPerCredit: value, currency, effectiveFrom: from, createdBy: by });
  return { ok: true, message: `one credit is worth ${formatMoney(value, currency)}, ${when(from)}` };
}

/**
 * A workspace's own terms: fields workspace (slug or id), platform and operation (each '' or
 * "all" for every one), then discount (%), credits (its own unit price) or withdraw ("on"/"true"),
 * and from (optional).
 */
export async function changeOverride(input: Input, by: string): Promise<ChangeResult> {
  const reader = new FieldReader();
  const named = field(input, 'workspace');
  if (named === '') reader.errors.workspace = 'enter the workspace (its slug or id)';
  const platform = reader.take('platform', readPlatform(field(input, 'platform'), { all: true }));
  const operation = reader.take('operation', readOperation(field(input, 'operation'), { all: true }));
  const withdraw = ['on', 'true', '1', 'yes'].includes(field(input, 'withdraw').toLowerCase());
  const discountText = field(input, 'discount').replace(/%$/, '').trim();
  const creditsText = field(input, 'credits');
  const terms = [discountText !== '', creditsText !== '', withdraw].filter(Boolean).length;
  if (terms !== 1) reader.errors.terms = 'give exactly one of a discount (%), a price of its own (credits) or withdraw';
  const discount = reader.take('discount', readWhole(discountText, 'a discount in percent', { max: 100, optional: true }));
  const credits = reader.take('credits', readWhole(creditsText, 'its own price in credits', { optional: true }));
  const from = reader.take('from', readEffectiveFrom(field(input, 'from')));
  if (!reader.ok || platform === undefined || operation === undefined || from === undefined) return invalid(reader);
  let workspace;
  try {
    workspace = await workspaceBySlugOrId(named);
  } catch (error) {
    return { ok: false, errors: { workspace: (error as Error).message }, notFound: true };
  }
  const scope = `${operation?.id ?? 'every operation'} on ${platform ?? 'every platform'}`;
  const target = { workspaceId: workspace.id, platform, operation: operation?.id ?? null, effectiveFrom: from, createdBy: by };
  if (withdraw) {
    if (!(await overrideStands(workspace.id, platform, operation?.id ?? null))) {
      return { ok: false, errors: { withdraw: `workspace ${workspace.slug} has no override for ${scope} to withdraw` }, notFound: true };
    }
    await setPriceOverride({ ...target, withdrawn: true });
    return { ok: true, message: `withdrew ${workspace.slug}'s override for ${scope}, ${when(from)}` };
  }
  if (discount !== undefined) {
    await setPriceOverride({ ...target, discountPercent: discount });
    return { ok: true, message: `${workspace.slug} gets ${discount}% off ${scope}, ${when(from)}` };
  }
  await setPriceOverride({ ...target, unitCredits: credits! });
  return { ok: true, message: `${workspace.slug} pays ${credits} credits per unit for ${scope} (no minimum), ${when(from)}` };
}

/** Whether the scope's latest override (in force or scheduled) is one that has not been withdrawn. */
async function overrideStands(workspaceId: string, platform: string | null, operation: string | null): Promise<boolean> {
  const { rows } = await getPool().query<{ withdrawn: boolean }>(
    `SELECT withdrawn FROM price_overrides
      WHERE user_id = $1 AND platform IS NOT DISTINCT FROM $2 AND operation IS NOT DISTINCT FROM $3
      ORDER BY effective_from DESC, id DESC LIMIT 1`,
    [workspaceId, platform, operation],
  );
  return rows[0] ? !rows[0].withdrawn : false;
}
