import { formatMoney } from './money';

// Figures of the margin report as /admin/margin shows them: money as the price list shows it
// (lib/admin/money.ts: "0.051 USD"), and a dash where a figure cannot be known.

/** 51_000, 'USD' → "0.051 USD"; null (unknown: no credit value) → "—". */
export function formatMicros(micros: number | null, currency: string): string {
  return micros === null ? '—' : formatMoney(micros, currency);
}

/** -27.5 → "-27.5%"; null → "—". */
export function formatMarginPercent(percent: number | null): string {
  return percent === null ? '—' : `${percent.toFixed(1)}%`;
}
