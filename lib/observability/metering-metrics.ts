import { perchMetrics } from './metrics';

// The meter's background work (lib/metering/meter.ts): usage flushes and credit leases. None of
// it runs per call: a flush per tick (PERCH_USAGE_FLUSH_MS), a lease statement per top-up.

/** One usage flush of `rows` records that took `seconds`, written or failed. */
export function observeUsageFlush(rows: number, seconds: number, ok: boolean): void {
  const metrics = perchMetrics();
  if (!metrics) return;
  metrics.usageFlushDuration.observe(seconds);
  if (!ok) {
    metrics.usageFlushFailures.inc();
    return;
  }
  metrics.usageFlushes.inc();
  metrics.usageFlushRows.inc(rows);
  metrics.usageFlushLastSuccess.set(Date.now() / 1000);
}

/** A lease taken or topped up with `credits` more. */
export function observeLeaseTaken(credits: number): void {
  const metrics = perchMetrics();
  if (!metrics) return;
  metrics.leasesTaken.inc();
  if (credits > 0) metrics.leaseCreditsTaken.inc(credits);
}

/** `count` leases renewed by one statement. */
export function observeLeasesRenewed(count: number): void {
  perchMetrics()?.leasesRenewed.inc(count);
}

/** One give-back (unused credits returned, or the lease ended). */
export function observeLeaseReturned(): void {
  perchMetrics()?.leasesReturned.inc();
}

export type LeaseAction = 'take' | 'renew' | 'return';

/** A lease statement that failed. */
export function observeLeaseFailure(action: LeaseAction): void {
  perchMetrics()?.leaseFailures.labels(action).inc();
}

/** For a promise's catch: counts the failure of a lease statement and passes the error on. */
export function leaseFailed(action: LeaseAction): (error: unknown) => never {
  return (error) => {
    observeLeaseFailure(action);
    throw error;
  };
}
