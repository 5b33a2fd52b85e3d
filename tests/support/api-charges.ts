import { expect } from 'vitest';
import type { ApiAccount, ApiAnswer, CallOptions } from './api-client';

/** The contract's prices (section 3), written out again rather than imported from the code under test. */
export const PRICE = { tweet: 15, profile: 18, follower: 1, member: 1, id: 1, check: 50, write: 100, trending: 100, free: 0 } as const;

export type MeasuredAnswer = ApiAnswer & { before: number; after: number; spent: number };

/** A call with the account's balance read just before and just after it. */
export async function measuredCall(account: ApiAccount, method: string, path: string, options: Omit<CallOptions, 'key'> = {}): Promise<MeasuredAnswer> {
  const before = await account.balance();
  const answer = await account.call(method, path, options);
  const after = await account.balance();
  return { ...answer, before, after, spent: before - after };
}

/** credits_charged is `expected`, the balance moved by exactly that, and credits_remaining is the new balance. */
export function expectCharged(answer: MeasuredAnswer, expected: number): void {
  expect({ charged: answer.body.meta.credits_charged, spent: answer.spent, remaining: answer.body.meta.credits_remaining }).toEqual({
    charged: expected,
    spent: expected,
    remaining: answer.after,
  });
}

/** A per-item operation charged result_count × unit, and the balance agrees. */
export function expectChargedPerItem(answer: MeasuredAnswer, unit: number): void {
  expectCharged(answer, answer.body.meta.result_count * unit);
}

/** The call cost nothing: the balance did not move. */
export function expectNothingCharged(answer: MeasuredAnswer): void {
  expect(answer.spent, `balance moved on ${answer.status}`).toBe(0);
}
