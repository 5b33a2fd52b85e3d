import { StartupError } from '@/lib/db/startup-error';

export type MeteringConfig = {
  /** Serve holds from credit leases (1) or place every hold in the database (0). */
  leases: boolean;
  /** A lease nobody renewed for this long belongs to a dead instance and is reclaimed. */
  leaseTtlMs: number;
  /** Usage records are written at least this often (and whenever a batch fills up). */
  flushIntervalMs: number;
  /**
   * A lease unused for this long is given back. Long enough to span short pauses: at 2 s a
   * server with 64 busy keys gave back and took again 64 leases around every few seconds of
   * quiet, each take one commit in this instance's statement queue, and the first calls after
   * the pause waited for all of them (p99 53-79 ms in the benchmark's 64-account case).
   */
  leaseIdleMs: number;
  /** The most credits one lease takes at once. */
  leaseMaxCredits: number;
  /** The longest an operation may run before it answers 503 and charges nothing. */
  operationTimeoutMs: number;
};

function integer(env: Record<string, string | undefined>, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new StartupError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return value;
}

/** Metering settings from the environment, each checked (server.ts reads them at start to fail fast). */
export function readMeteringConfig(env: Record<string, string | undefined> = process.env): MeteringConfig {
  const leases = env.PERCH_CREDIT_LEASES ?? '1';
  if (leases !== '0' && leases !== '1') throw new StartupError(`PERCH_CREDIT_LEASES must be 1 or 0, got "${leases}"`);
  return {
    leases: leases === '1',
    leaseTtlMs: integer(env, 'PERCH_LEASE_TTL_MS', 15_000, 1_000, 600_000),
    flushIntervalMs: integer(env, 'PERCH_USAGE_FLUSH_MS', 100, 10, 10_000),
    leaseIdleMs: integer(env, 'PERCH_LEASE_IDLE_MS', 10_000, 100, 600_000),
    leaseMaxCredits: integer(env, 'PERCH_LEASE_MAX_CREDITS', 100_000, 1, 1_000_000_000),
    operationTimeoutMs: integer(env, 'PERCH_OPERATION_TIMEOUT_MS', 30_000, 100, 600_000),
  };
}

/** How old a hold may grow before the sweeper refunds it: no running call is that old. */
export function staleHoldAgeMs(config: MeteringConfig): number {
  // The margin (the timeout again, at least 5 s) covers the settle after a timed-out handler
  // and a slow database round trip. Default: 30 s + 30 s.
  return config.operationTimeoutMs + Math.max(5_000, config.operationTimeoutMs);
}
