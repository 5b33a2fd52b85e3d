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
 * The credits a call will hold, as the server plans it (lib/api/charge.ts, contract section 3):
 * `count × unit` for paged operations, lowered by max_credits; every distinct requested entry
 * for batches; the fixed price for per-call operations. Only items returned are charged.
 */
export function estimateCost(operation: OperationView, values: FieldValues): CostEstimate {
  const { cost } = operation;
  const maxCredits = wholeNumber(values.max_credits);
  const tooLow = (minimum: number) => `max_credits ${maxCredits} is below the ${credits(minimum)} this call needs`;

  if (cost.per === 'call') {
    const text = cost.credits === 0 ? 'Free' : `${credits(cost.credits)} per call`;
    return { credits: cost.credits, items: null, text, problem: maxCredits !== undefined && maxCredits < cost.credits ? tooLow(cost.credits) : undefined };
  }
  const each = `× ${credits(cost.credits)}`;
  if (operation.batchField) {
    const requested = new Set(listItems(values[operation.batchField] ?? '').map(batchKey)).size;
    const hold = requested * cost.credits;
    return {
      credits: hold,
      items: requested,
      text: `${formatted(requested)} ${unitWord(cost.unit, requested)} ${each} = ${credits(hold)} at most`,
      problem: maxCredits !== undefined && maxCredits < hold ? tooLow(hold) : undefined,
    };
  }
  if (operation.maxCount === undefined) {
    return { credits: cost.credits, items: 1, text: `1 ${cost.unit} ${each} = ${credits(cost.credits)}`, problem: maxCredits !== undefined && maxCredits < cost.credits ? tooLow(cost.credits) : undefined };
  }
  const countField = operation.fields.find((f) => f.name === 'count');
  const fallback = typeof countField?.defaultValue === 'number' ? countField.defaultValue : DEFAULT_COUNT;
  // A count the form rejects (0, over the maximum) is flagged on its field; estimate with the default meanwhile.
  const given = wholeNumber(values.count);
  const asked = given !== undefined && given >= 1 && given <= operation.maxCount ? given : fallback;
  let limit = asked;
  if (maxCredits !== undefined) {
    limit = Math.min(limit, Math.floor(maxCredits / cost.credits));
    if (limit === 0) return { credits: 0, items: 0, text: `${each} per ${cost.unit}`, problem: tooLow(cost.credits) };
  }
  const hold = limit * cost.credits;
  const capped = limit < asked ? ` (max_credits lowers count from ${formatted(asked)})` : '';
  return { credits: hold, items: limit, text: `Up to ${formatted(limit)} ${unitWord(cost.unit, limit)} ${each} = ${credits(hold)}${capped}` };
}
