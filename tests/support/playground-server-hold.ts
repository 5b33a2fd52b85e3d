import { planCharge } from '@/lib/api/charge';
import type { Operation } from '@/lib/api/define-operation';
import { ApiError } from '@/lib/api/errors';
import { parseInput } from '@/lib/api/validate';
import { buildCall } from '@/lib/playground/build-call';
import { describeOperation } from '@/lib/playground/describe-operation';
import type { FieldValues } from '@/lib/playground/types';
import type { Pricing } from '@/lib/prices/price-book';

/** Example values the playground's forms are described with in the estimate tests. */
export const SAMPLES = { usernames: ['alice_1', 'bob', 'carol'], tweet_ids: ['101', '102', '103'], list_ids: ['201'], community_ids: ['301'] };

/**
 * What the server would hold for these form values at `pricing`: the request the playground
 * sends, parsed and planned as dispatch does; 'refused' where the server answers 400.
 */
export function serverHold(operation: Operation, values: FieldValues, pricing: Pricing): number | 'refused' {
  const view = describeOperation(operation, undefined, pricing);
  const call = buildCall(view, values);
  const pathNames = view.fields.filter((f) => f.location === 'path').map((f) => f.name);
  const params = parseInput(operation.params, Object.fromEntries(pathNames.map((n, i) => [n, call.pathValues[i]])), 'path');
  const query = parseInput(operation.query, Object.fromEntries(call.query), 'query');
  const body = parseInput(operation.body, call.body ?? {}, 'body');
  try {
    return planCharge(operation, { params, query, body }, pricing).hold;
  } catch (error) {
    if (error instanceof ApiError) return 'refused';
    throw error;
  }
}
