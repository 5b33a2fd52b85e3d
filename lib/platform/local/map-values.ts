/** Unknown text is null in the records, never "": an empty column means unknown. */
export function textOrNull(value: string | null | undefined): string | null {
  return value === null || value === undefined || value === '' ? null : value;
}

/** A timestamptz column (a Date from pg) as ISO-8601 UTC. */
export function isoTime(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** A whole number from a bigint or numeric column (pg returns those as strings), or null. */
export function intOrNull(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? Math.trunc(n) : null;
}
