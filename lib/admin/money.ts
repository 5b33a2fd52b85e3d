// Money as the price tables store it: whole millionths ("micros") of the operator's currency,
// so that 0.005 USD per post adds up without floating-point drift.

const MICROS = 1_000_000;
/** The largest amount typed in: a million currency units (a per-item price far beyond any real one). */
const MAX_MICROS = 1_000_000 * MICROS;

/** "0.005", "0.005 USD", "2" → millionths and the currency named, or why not. */
export function parseMoney(text: string): { micros: number; currency: string | null } | { error: string } {
  const match = /^\s*(-)?\s*([0-9]*)(?:\.([0-9]*))?\s*([A-Za-z]{3})?\s*$/.exec(text);
  if (!match || (match[2] === '' && !match[3])) return { error: `enter an amount such as 0.005 or 0.005 USD, got "${text}"` };
  if (match[1]) return { error: `must not be negative, got "${text.trim()}"` };
  const fraction = match[3] ?? '';
  if (fraction.length > 6) return { error: `use at most 6 decimal places (millionths), got "${text.trim()}"` };
  const micros = Number(match[2] || '0') * MICROS + Number(fraction.padEnd(6, '0') || '0');
  if (!Number.isSafeInteger(micros) || micros > MAX_MICROS) return { error: `must be at most 1,000,000, got "${text.trim()}"` };
  return { micros, currency: match[4] ? match[4].toUpperCase() : null };
}

/** 5000, 'USD' → "0.005 USD"; at least 2 decimals, up to 6 (no trailing zeros beyond 2). */
export function formatMoney(micros: number, currency: string): string {
  const sign = micros < 0 ? '-' : '';
  const abs = Math.abs(Math.round(micros));
  const whole = Math.floor(abs / MICROS);
  let fraction = String(abs % MICROS).padStart(6, '0');
  while (fraction.length > 2 && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `${sign}${whole.toLocaleString('en-US')}.${fraction} ${currency}`.trimEnd();
}
