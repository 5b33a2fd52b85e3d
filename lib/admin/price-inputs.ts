import type { Operation } from '@/lib/api/define-operation';
import type { PlatformName } from '@/lib/platform/platform';
import { parseMoney } from './money';
import { isPlatform, PRICE_PLATFORMS, pricedOperation } from './priced-operations';

// The fields of the price forms and the admin CLI's price commands, read the same way for
// both: each reader takes the raw text (absent: '' or undefined) and answers a value or a
// message that starts in lower case (the CLI prints it after the flag, the page capitalises it).

export type Parsed<T> = { value: T } | { error: string };

/** The raw text of a field, trimmed; '' when absent. */
export function field(input: Record<string, unknown>, name: string): string {
  const value = input[name];
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

/** A platform by name; with `all`, '' or "all" means every platform (null). */
export function readPlatform(text: string, { all = false } = {}): Parsed<PlatformName | null> {
  if (all && (text === '' || text.toLowerCase() === 'all')) return { value: null };
  if (text === '') return { error: `choose a platform: ${PRICE_PLATFORMS.join(', ')}` };
  const name = text.toLowerCase();
  return isPlatform(name) ? { value: name } : { error: `unknown platform "${text}": use one of ${PRICE_PLATFORMS.join(', ')}` };
}

/** A priced operation by id; with `all`, '' or "all" means every operation (null). */
export function readOperation(text: string, { all = false } = {}): Parsed<Operation | null> {
  if (all && (text === '' || text.toLowerCase() === 'all')) return { value: null };
  if (text === '') return { error: 'choose an operation (its operationId, e.g. getUser)' };
  const found = pricedOperation(text);
  return 'error' in found ? found : { value: found.operation };
}

/** A whole number from `min` to `max`; '' is `absent` (undefined when optional). */
export function readWhole(text: string, what: string, { min = 0, max = 1_000_000, optional = false } = {}): Parsed<number | undefined> {
  if (text === '') return optional ? { value: undefined } : { error: `enter ${what}` };
  if (/^-\s*[0-9]/.test(text)) return { error: `must not be negative, got "${text}"` };
  if (!/^[0-9]+$/.test(text) || !Number.isSafeInteger(Number(text))) return { error: `enter ${what} as a whole number, got "${text}"` };
  const n = Number(text);
  if (n < min || n > max) return { error: `must be from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}, got ${n.toLocaleString('en-US')}` };
  return { value: n };
}

/** An amount of money in millionths, e.g. "0.005" or "0.005 USD" (the currency, when named, must be `currency`). */
export function readMoney(text: string, what: string, currency: string | null): Parsed<number> {
  if (text === '') return { error: `enter ${what}, e.g. 0.005` };
  const parsed = parseMoney(text);
  if ('error' in parsed) return parsed;
  if (parsed.currency && currency && parsed.currency !== currency) return { error: `costs are in ${currency} (the credit value's currency), got ${parsed.currency}` };
  return { value: parsed.micros };
}

/**
 * When a change takes effect: '' (now), a day (midnight UTC; today means now) or an ISO time.
 * Never in the past: what was charged then stays as it was.
 */
export function readEffectiveFrom(text: string, now = new Date()): Parsed<Date | null> {
  if (text === '') return { value: null };
  const day = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(text);
  const at = new Date(day ? `${text}T00:00:00.000Z` : text);
  if (Number.isNaN(at.getTime()) || (!day && !/^[0-9]{4}-[0-9]{2}-[0-9]{2}T/.test(text))) return { error: `enter a date (2026-12-01) or an ISO time, got "${text}"` };
  if (day) {
    const today = now.toISOString().slice(0, 10);
    if (text === today) return { value: null };
    if (text < today) return { error: `must be today or later (prices already charged stay as they were), got ${text}` };
    return { value: at };
  }
  // A minute's slack for a time typed a moment ago.
  if (at.getTime() < now.getTime() - 60_000) return { error: `must be now or later (prices already charged stay as they were), got ${text}` };
  return { value: at.getTime() <= now.getTime() ? null : at };
}

/** Collects the errors of several reads under their field names. */
export class FieldReader {
  readonly errors: Record<string, string> = {};

  take<T>(name: string, parsed: Parsed<T>): T | undefined {
    if ('error' in parsed) {
      this.errors[name] ??= parsed.error;
      return undefined;
    }
    return parsed.value;
  }

  get ok(): boolean {
    return Object.keys(this.errors).length === 0;
  }
}
