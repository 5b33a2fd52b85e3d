export const RANGES = [7, 30, 90] as const;
export type RangeDays = (typeof RANGES)[number];

/** A `range` query value as one of the offered ranges; anything else is the 30-day default. */
export function parseRange(value: unknown): RangeDays {
  const n = Number(Array.isArray(value) ? value[0] : value);
  return (RANGES as readonly number[]).includes(n) ? (n as RangeDays) : 30;
}

/** The UTC calendar day of a moment, `YYYY-MM-DD`: the day usage_daily files a call under. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The last `count` UTC days, oldest first, ending with today's. */
export function lastDays(count: number, now: Date = new Date()): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: count }, (_, i) => utcDay(new Date(today - (count - 1 - i) * 86_400_000)));
}
