const n = (value: number) => value.toLocaleString('en-US');

/**
 * The key_limit_reached message: how much of the key's limit is left and what the call needs
 * (a key with 200 of 500 left refusing a 300-credit call is not "used up").
 */
export function keyLimitMessage(limit: { required: number; creditLimit: number; creditsSpent: number; creditsHeld: number }): string {
  const { required, creditLimit, creditsSpent, creditsHeld } = limit;
  const left = Math.max(0, creditLimit - creditsSpent - creditsHeld);
  const state = `${n(creditsSpent)} spent, ${n(creditsHeld)} held by calls in flight`;
  const fix = "raise the key's spending limit in the dashboard or use another key";
  if (left === 0) return `this key's spending limit of ${n(creditLimit)} credits is used up (${state}): ${fix}`;
  return `this call needs up to ${n(required)} credits but this key has ${n(left)} of its ${n(creditLimit)}-credit spending limit left (${state}): ${fix}, or lower max_credits so the call holds less`;
}
