const FIRST_MS = 250;
const MAX_MS = 5_000;

/**
 * The wait before the next try of a loop that lost the database, after `failures` failed ones:
 * 250 ms doubling to 5 s, so a restarted PostgreSQL (back in about 3 s) is found within
 * seconds and a long outage costs one try every 5 s.
 */
export function reconnectDelay(failures: number): number {
  return Math.min(MAX_MS, FIRST_MS * 2 ** failures);
}
