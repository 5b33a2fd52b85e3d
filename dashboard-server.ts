// The dashboard's process, started by server.ts (never by hand): Next.js serving every page and
// dashboard route on a Unix socket, which server.ts passes non-/v2 requests on to. Next.js
// lives in a process of its own because loading it patches globals of the whole process
// (Date, process.nextTick, setImmediate, crypto's random functions, console) and grows the
// heap every collection walks: in the API's process that cost each /v2 call a fifth of its CPU
// (docs/metering.md). It exits with its parent: when server.ts stops or dies, so does this.
import fs from 'node:fs';
import path from 'node:path';
import next from 'next';
import { closePool } from '@/lib/db/pool';
import { stopMetering } from '@/lib/metering/meter';
import { stopKeyServices } from '@/lib/keys';
import { closeRedis } from '@/lib/ratelimit';
import { createHttpServer } from '@/lib/server/http-server';
import { handleSignals } from '@/lib/server/handle-signals';
import { runShutdownSteps } from '@/lib/server/run-shutdown-steps';
import { componentLogger } from '@/lib/observability/logger';
import { startCallLog } from '@/lib/observability/call-log';
import { startTracing } from '@/lib/observability/tracing';
import { readMetricsConfig } from '@/lib/observability/metrics-config';
import { startDashboardMetrics } from '@/lib/observability/start-metrics';

const root = path.dirname(new URL(import.meta.url).pathname);
const socketPath = process.env.PERCH_DASHBOARD_SOCKET;
let stopping = false;

async function main(): Promise<void> {
  if (!socketPath || !process.send) throw new Error('dashboard-server.ts is started by server.ts');
  // The playground's and explorer's /v2 calls are traced here, each its own trace as in server.ts
  // (Next.js's own spans are left out: they name raw URLs). Before anything opens a pool: the
  // pools' statements are spans only when tracing is on at their start.
  const tracing = await startTracing(process.env, { perchSpansOnly: true });
  // The playground's and explorer's /v2 calls are answered here: their call lines are written here.
  startCallLog();
  // The playground's and explorer's /v2 calls are answered here: counted here, and handed to
  // server.ts's /metrics over IPC (before Next loads, so its bundle finds the registry made).
  if (readMetricsConfig().enabled) startDashboardMetrics();
  const nextApp = next({ dev: false, dir: root, hostname: process.env.PERCH_PUBLIC_HOST, port: Number(process.env.PORT) || undefined });
  await nextApp.prepare();
  const handleNext = nextApp.getRequestHandler();
  // Only server.ts reaches this socket, and it has already settled X-Forwarded-For.
  const server = createHttpServer([], (req, res) => handleNext(req, res), { trustProxy: true });
  fs.rmSync(socketPath, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });

  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    await runShutdownSteps(
      [
        { name: 'dashboard http server', run: () => new Promise<void>((resolve) => server.close(() => resolve())) },
        { name: 'next', run: () => nextApp.close() },
        // The playground's calls are metered here: their usage is written before the pools close.
        { name: 'metering', run: () => stopMetering() },
        {
          name: 'key caches',
          run: async () => {
            await stopKeyServices();
            await closeRedis();
          },
        },
        { name: 'database pools', run: () => closePool() },
        { name: 'tracing', run: async () => tracing?.stop() },
      ],
      5_000,
    );
    fs.rmSync(socketPath, { force: true });
    process.exit(0);
  };
  handleSignals(() => void stop());
  // The parent is gone (stopped, or killed without a word): nobody can reach this process any more.
  process.on('disconnect', () => void stop());
  process.send({ ready: true });
}

main().catch((error: unknown) => {
  componentLogger('dashboard').fatal({ err: error }, `failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
