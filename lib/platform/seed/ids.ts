import { snowflakeAt } from '@/lib/platform/snowflake';

/** A seeded row's id as the decimal text COPY takes: the snowflake of its moment and a sequence unique at that moment. */
export function seedId(ms: number, sequence: number): string {
  return snowflakeAt(ms, sequence).toString();
}

/**
 * Makes sorted moments strictly increasing in place (a tie moves one millisecond later), so
 * ids built from (moment, actor) never repeat for the same actor.
 */
export function spreadTies(sortedMs: Float64Array | number[], from = 0, to = sortedMs.length): void {
  for (let i = from + 1; i < to; i++) if (sortedMs[i] <= sortedMs[i - 1]) sortedMs[i] = sortedMs[i - 1] + 1;
}
