import { KeyringConfigError, parseKeyList } from '@/lib/crypto/keyring';
import { StartupError } from '@/lib/db/startup-error';
import { failedAuthLimitFromEnv } from '@/lib/ratelimit/failed-auth-limit-env';

export type ServerConfig = {
  port: number;
  host: string;
  live: boolean;
  liveRate: number;
  seedScale: 'demo' | 'bench' | 'test';
  autoSeed: boolean;
  trustProxy: boolean;
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
  return {
    port: integer(env, 'PORT', 3000, 1, 65535),
    host: env.HOST || '0.0.0.0',
    live: flag(env, 'PERCH_LIVE', true),
    liveRate,
    seedScale,
    autoSeed: flag(env, 'PERCH_AUTO_SEED', true),
    trustProxy: flag(env, 'PERCH_TRUST_PROXY', false),
  };
}
