import { holdFor } from '@/lib/prices/price-book';
import { listItems } from './parse-value';
import type { FieldValues, OperationView } from './types';

// The server's default page size (DEFAULT_COUNT in lib/api/charge.ts); describe-operation puts
// it on the count field, so the estimate reads it from there and falls back to this.
const DEFAULT_COUNT = 20;

export type CostEstimate = {
  /** The most the call can cost: what the server holds before running it. */
  credits: number;
  /** Items the call may return and is charged for; null for a per-call price. */
  items: number | null;
  /** One line for the form: how the figure comes about. */
  text: string;
  /** Why the server would refuse the call (max_credits too low), or undefined. */
  problem?: string;
};

const unitWord = (unit: string, n: number) => (n === 1 ? unit : `${unit}s`);
const formatted = (n: number) => n.toLocaleString('en-US');
const credits = (n: number) => `${formatted(n)} ${n === 1 ? 'credit' : 'credits'}`;

/** A batch entry as the server counts it: URL → id, no leading @, any case. */
function batchKey(entry: string): string {
  const status = /\/status(?:es)?\/([0-9]{1,19})/.exec(entry);
  return (status ? status[1] : entry.replace(/^@/, '')).toLowerCase();
}

function wholeNumber(raw: string | undefined): number | undefined {
  const text = raw?.trim() ?? '';
  return /^[0-9]{1,16}$/.test(text) ? Number(text) : undefined;
}

/**
 * The credits a call will hold, as the server plans it (lib/api/charge.ts planCharge, at the
 * price the view carries: the workspace's own on the platform its calls go to): `count × unit`
 * for paged operations, lowered by max_credits; every distinct requested entry for batches; the
 * fixed price for per-call operations; never less than the price's per-call minimum. Only items
 * returned are charged (the minimum still applies to a successful call).
 */
export function estimateCost(operation: OperationView, values: FieldValues): CostEstimate {
  const { cost } = operation;
  const minimum = cost.minimum ?? 0;
  const maxCredits = wholeNumber(values.max_credits);
  const tooLow = (least: number) => `max_credits ${maxCredits} is below the ${credits(least)} this call needs`;
  // planCharge's last check: the hold, the minimum included, must fit under max_credits.
  const check = (hold: number) => (maxCredits !== undefined && maxCredits < hold ? tooLow(hold) : undefined);
  const atLeast = (hold: number) => (minimum > hold ? `, at least ${credits(minimum)} a call` : '');

  if (cost.per === 'call') {
    const hold = holdFor(cost, 1);
    const text = hold === 0 ? 'Free' : `${credits(hold)} per call`;
    return { credits: hold, items: null, text, problem: check(hold) };
  }
  const each = `× ${credits(cost.credits)}`;
  if (operation.batchField) {
    const requested = new Set(listItems(values[operation.batchField] ?? '').map(batchKey)).size;
    const hold = holdFor(cost, requested);
    return {
      credits: hold,
      items: requested,
      text: `${formatted(requested)} ${unitWord(cost.unit, requested)} ${each} = ${credits(requested * cost.credits)}${atLeast(requested * cost.credits)} at most`,
      problem: check(hold),
    };
  }
  let limit = 1;
  let asked = 1;
  if (operation.maxCount !== undefined) {
    const countField = operation.fields.find((f) => f.name === 'count');
    const fallback = typeof countField?.defaultValue === 'number' ? countField.defaultValue : DEFAULT_COUNT;
    // A count the form rejects (0, over the maximum) is flagged on its field; estimate with the default meanwhile.
    const given = wholeNumber(values.count);
    asked = given !== undefined && given >= 1 && given <= operation.maxCount ? given : fallback;
    limit = asked;
  }
  if (maxCredits !== undefined && cost.credits > 0) {
    limit = Math.min(limit, Math.floor(maxCredits / cost.credits));
    if (limit === 0) return { credits: 0, items: 0, text: `${each} per ${cost.unit}`, problem: tooLow(Math.max(cost.credits, minimum)) };
  }
  const hold = holdFor(cost, limit);
  const figure = `${formatted(limit)} ${unitWord(cost.unit, limit)} ${each} = ${credits(limit * cost.credits)}${atLeast(limit * cost.credits)}`;
  if (operation.maxCount === undefined) return { credits: hold, items: 1, text: figure, problem: check(hold) };
  const capped = limit < asked ? ` (max_credits lowers count from ${formatted(asked)})` : '';
  return { credits: hold, items: limit, text: `Up to ${figure}${capped}`, problem: check(hold) };
}
