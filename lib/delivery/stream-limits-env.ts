/** Open GET /v2/stream connections one key may hold, across instances (PERCH_STREAMS_PER_KEY). */
export const STREAMS_PER_KEY = 5;
/** Open streams all keys of one account may hold, across instances (PERCH_STREAMS_PER_ACCOUNT). */
export const STREAMS_PER_ACCOUNT = 20;

export type StreamLimits = { perKey: number; perAccount: number; perInstance: number };

function whole(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 1_000_000) throw new Error(`${name} must be a whole number from 1 to 1000000, got "${raw}"`);
  return value;
}

/**
 * The caps on open streams from the environment. The instance's own cap defaults to half of
 * PERCH_HTTP_MAX_CONNECTIONS, so that streams can never take the connections that health
 * checks, the dashboard and ordinary calls need.
 */
export function streamLimitsFromEnv(env: Record<string, string | undefined> = process.env): StreamLimits {
  const maxConnections = Number(env.PERCH_HTTP_MAX_CONNECTIONS || 2_000);
  return {
    perKey: whole(env, 'PERCH_STREAMS_PER_KEY', STREAMS_PER_KEY),
    perAccount: whole(env, 'PERCH_STREAMS_PER_ACCOUNT', STREAMS_PER_ACCOUNT),
    perInstance: whole(env, 'PERCH_STREAMS_PER_INSTANCE', Math.max(1, Math.floor((Number.isFinite(maxConnections) ? maxConnections : 2_000) / 2))),
  };
}
