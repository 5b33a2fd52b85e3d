const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 1234567 → "1,234,567". */
export function formatNumber(value: number): string {
  return integer.format(value);
}

/** 1234567 → "1.2M", for axis ticks. */
export function formatCompact(value: number): string {
  return compact.format(value);
}

/** 0.0345 → "3.5%". */
export function formatPercent(ratio: number): string {
  return `${(ratio * 100).toFixed(ratio === 0 || ratio >= 0.1 ? 0 : 1)}%`;
}

// Dates render in UTC on server and client alike: the same text on both sides of hydration,
// and the same days the usage rollup is filed under.

/** ISO time → "2026-11-21 14:05 UTC". */
export function formatDateTime(iso: string | null): string {
  if (!iso) return '—';
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** ISO time → "2026-11-21". */
export function formatDate(iso: string | null): string {
  return iso ? iso.slice(0, 10) : '—';
}

/** "2026-11-21" → "Nov 21", for axis ticks. */
export function formatShortDay(day: string): string {
  const month = Number(day.slice(5, 7));
  return `${MONTHS[month - 1] ?? '?'} ${Number(day.slice(8, 10))}`;
}
