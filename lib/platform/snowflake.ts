/** Twitter's snowflake epoch (2010-11-04T01:42:54.657Z): ids stay in the familiar range. */
export const SNOWFLAKE_EPOCH_MS = 1288834974657;
const SEQUENCE_BITS = 22n;
const SEQUENCE_MASK = (1n << SEQUENCE_BITS) - 1n;

/** The id for a moment and a sequence number (0..4194303) within that millisecond. */
export function snowflakeAt(ms: number, sequence: number): bigint {
  return (BigInt(Math.floor(ms) - SNOWFLAKE_EPOCH_MS) << SEQUENCE_BITS) | (BigInt(sequence) & SEQUENCE_MASK);
}

/** The moment an id was made, in milliseconds since the Unix epoch. */
export function snowflakeTime(id: bigint | string): number {
  return Number(BigInt(id) >> SEQUENCE_BITS) + SNOWFLAKE_EPOCH_MS;
}

let lastMs = 0;
let sequence = 0;

/**
 * A new time-ordered id for a live write. Random low bits keep ids from two processes
 * (server and seed, two instances) from colliding within the same millisecond.
 */
export function nextSnowflake(): string {
  const now = Date.now();
  if (now === lastMs) {
    sequence = (sequence + 1) & 0xfff;
  } else {
    lastMs = now;
    sequence = 0;
  }
  const randomHigh = Math.floor(Math.random() * 1024);
  return snowflakeAt(now, (randomHigh << 12) | sequence).toString();
}
