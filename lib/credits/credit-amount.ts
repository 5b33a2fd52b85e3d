/** A BIGINT credit column as pg returns it (a string) as a number; credits stay below 2^53. */
export function toCredits(value: string | number | null | undefined): number {
  if (value === null || value === undefined) return 0;
  return Number(value);
}

/** Throws unless `value` is a whole number of credits in [min, 2^53). */
export function assertCredits(name: string, value: number, min = 0): void {
  if (!Number.isSafeInteger(value) || value < min) throw new RangeError(`${name} must be an integer >= ${min}, got ${value}`);
}
