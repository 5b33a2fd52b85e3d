import { describe, expect, it } from 'vitest';
import { StartupError } from '@/lib/db/startup-error';
import { readMeteringConfig, staleHoldAgeMs } from '@/lib/metering/metering-config';

describe('metering settings', () => {
  it('default to leases of at most 100,000 credits, given back after 10 s unused, renewed within 15 s', () => {
    expect(readMeteringConfig({})).toEqual({
      leases: true,
      leaseTtlMs: 15_000,
      flushIntervalMs: 100,
      leaseIdleMs: 10_000,
      leaseMaxCredits: 100_000,
      operationTimeoutMs: 30_000,
    });
  });

  it('read each variable, and refuse a value out of range with its name', () => {
    const config = readMeteringConfig({ PERCH_CREDIT_LEASES: '0', PERCH_LEASE_IDLE_MS: '2500', PERCH_USAGE_FLUSH_MS: '250', PERCH_OPERATION_TIMEOUT_MS: '5000' });
    expect(config).toMatchObject({ leases: false, leaseIdleMs: 2_500, flushIntervalMs: 250, operationTimeoutMs: 5_000 });
    expect(() => readMeteringConfig({ PERCH_LEASE_IDLE_MS: '50' })).toThrow(StartupError);
    expect(() => readMeteringConfig({ PERCH_LEASE_IDLE_MS: 'soon' })).toThrow(/PERCH_LEASE_IDLE_MS must be a whole number from 100 to 600000, got "soon"/);
    expect(() => readMeteringConfig({ PERCH_CREDIT_LEASES: 'yes' })).toThrow(/PERCH_CREDIT_LEASES must be 1 or 0/);
  });

  it('refund a stale hold after twice the operation time bound, at least the bound plus 5 s', () => {
    expect(staleHoldAgeMs(readMeteringConfig({}))).toBe(60_000);
    expect(staleHoldAgeMs(readMeteringConfig({ PERCH_OPERATION_TIMEOUT_MS: '1000' }))).toBe(6_000);
  });
});
