import { StartupError } from '@/lib/db/startup-error';

// GET /metrics is off unless the operator asks for it: PERCH_METRICS_TOKEN serves it on the main
// port behind `Authorization: Bearer <token>`; PERCH_METRICS_PORT serves it without a token on
// 127.0.0.1:<port> only (for a Prometheus agent on the same host). Either turns metrics on; with
// neither, no metric is recorded, no listener added, and /metrics answers 404.

export type MetricsConfig = { enabled: boolean; token: string | null; port: number | null };

export function readMetricsConfig(env: Record<string, string | undefined> = process.env): MetricsConfig {
  const token = env.PERCH_METRICS_TOKEN?.trim() || null;
  if (token !== null && token.length < 16) throw new StartupError('PERCH_METRICS_TOKEN must be at least 16 characters (a random secret: openssl rand -hex 32)');
  const rawPort = env.PERCH_METRICS_PORT?.trim() || '';
  let port: number | null = null;
  if (rawPort !== '') {
    port = Number(rawPort);
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new StartupError(`PERCH_METRICS_PORT must be a port number from 1 to 65535, got "${rawPort}"`);
  }
  return { enabled: token !== null || port !== null, token, port };
}
