import { KeyringConfigError, parseKeyList } from '@/lib/crypto/keyring';
import { StartupError } from '@/lib/db/startup-error';
import { StripeConfigError, readStripeConfig } from '@/lib/billing/stripe-config';
import { DEFAULT_HTTP_LIMITS, type HttpLimits } from './http-server';
import { failedAuthLimitFromEnv } from '@/lib/ratelimit/failed-auth-limit-env';
import { streamLimitsFromEnv } from '@/lib/delivery/stream-limits-env';

export type ServerConfig = {
  port: number;
  host: string;
  live: boolean;
  liveRate: number;
  seedScale: 'demo' | 'bench' | 'test';
  autoSeed: boolean;
  trustProxy: boolean;
  httpLimits: HttpLimits;
  /** Holds older than this are a killed request's and refunded (PERCH_HOLD_SWEEP_AGE_MS); null: the operation time bound plus its margin. */
  holdSweepAgeMs: number | null;
  /** How often the stale-hold sweeper runs (PERCH_HOLD_SWEEP_INTERVAL_MS). */
  holdSweepIntervalMs: number;
};

function integer(env: Record<string, string | undefined>, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new StartupError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function flag(env: Record<string, string | undefined>, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new StartupError(`${name} must be 1 or 0, got "${raw}"`);
}

/** The server's settings from the environment, each checked, with the README's defaults. */
export function readServerConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const seedScale = env.PERCH_SEED_SCALE ?? 'demo';
  if (seedScale !== 'demo' && seedScale !== 'bench' && seedScale !== 'test') {
    throw new StartupError(`PERCH_SEED_SCALE must be demo, bench or test, got "${seedScale}"`);
  }
  const liveRate = Number(env.PERCH_LIVE_RATE ?? 5);
  if (!Number.isFinite(liveRate) || liveRate <= 0 || liveRate > 1000) {
    throw new StartupError(`PERCH_LIVE_RATE must be a number of events per second above 0 and at most 1000, got "${env.PERCH_LIVE_RATE}"`);
  }
  try {
    failedAuthLimitFromEnv(env);
    streamLimitsFromEnv(env);
  } catch (error) {
    throw new StartupError((error as Error).message);
  }
  if (env.PERCH_ENCRYPTION_KEYS?.trim()) {
    try {
      parseKeyList(env.PERCH_ENCRYPTION_KEYS);
    } catch (error) {
      if (error instanceof KeyringConfigError) throw new StartupError(error.message);
      throw error;
    }
  }
  try {
    readStripeConfig(env);
  } catch (error) {
    if (error instanceof StripeConfigError) throw new StartupError(error.message);
    throw error;
  }
  const headersTimeoutMs = integer(env, 'PERCH_HTTP_HEADERS_TIMEOUT_MS', DEFAULT_HTTP_LIMITS.headersTimeoutMs, 500, 600_000);
  const requestTimeoutMs = integer(env, 'PERCH_HTTP_REQUEST_TIMEOUT_MS', DEFAULT_HTTP_LIMITS.requestTimeoutMs, 1_000, 3_600_000);
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new StartupError(`PERCH_HTTP_HEADERS_TIMEOUT_MS (${headersTimeoutMs}) must not exceed PERCH_HTTP_REQUEST_TIMEOUT_MS (${requestTimeoutMs})`);
  }
  const trustProxy = flag(env, 'PERCH_TRUST_PROXY', false);
  return {
    port: integer(env, 'PORT', 3000, 1, 65535),
    host: env.HOST || '0.0.0.0',
    live: flag(env, 'PERCH_LIVE', true),
    liveRate,
    seedScale,
    autoSeed: flag(env, 'PERCH_AUTO_SEED', true),
    trustProxy,
    httpLimits: {
      headersTimeoutMs,
      requestTimeoutMs,
      keepAliveTimeoutMs: integer(env, 'PERCH_HTTP_KEEP_ALIVE_TIMEOUT_MS', DEFAULT_HTTP_LIMITS.keepAliveTimeoutMs, 1_000, 600_000),
      maxConnections: integer(env, 'PERCH_HTTP_MAX_CONNECTIONS', DEFAULT_HTTP_LIMITS.maxConnections, 10, 1_000_000),
      // Behind a trusted proxy every connection comes from the proxy's address: no cap unless set.
      maxConnectionsPerAddress: integer(env, 'PERCH_HTTP_MAX_CONNECTIONS_PER_ADDRESS', trustProxy ? 0 : DEFAULT_HTTP_LIMITS.maxConnectionsPerAddress, 0, 1_000_000),
    },
    holdSweepAgeMs: env.PERCH_HOLD_SWEEP_AGE_MS ? integer(env, 'PERCH_HOLD_SWEEP_AGE_MS', 0, 1000, 24 * 3600_000) : null,
    holdSweepIntervalMs: integer(env, 'PERCH_HOLD_SWEEP_INTERVAL_MS', 5_000, 100, 3600_000),
  };
}
