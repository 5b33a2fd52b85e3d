// The production entry (`npm start`): prepares the database (embedded or DATABASE_URL),
// applies migrations, seeds the demo platform on first start, builds the dashboard when
// needed, then serves /v2 and Next.js on one port.
import path from 'node:path';
import next from 'next';
import { ensureDatabase } from '@/lib/db/ensure-database';
import { migrateDatabase } from '@/lib/db/migrate';
import { closePool } from '@/lib/db/pool';
import { StartupError } from '@/lib/db/startup-error';
import { dispatch } from '@/lib/api/dispatch';
import { startHoldSweeper } from '@/lib/credits';
import { sharedLastUsedTracker, stopKeyInvalidationSubscriber } from '@/lib/keys';
import { closeRedis } from '@/lib/ratelimit';
import { assertPortAvailable, createHttpServer, listen } from '@/lib/server/http-server';
import { webHandler } from '@/lib/server/web-adapter';
import { ensureBuild } from '@/lib/server/ensure-build';
import { readServerConfig } from '@/lib/server/config';
import { handleSignals } from '@/lib/server/handle-signals';
import { ensurePlatformSeeded } from '@/lib/server/ensure-platform-seeded';
import { startLiveActivity } from '@/lib/platform/local/live-activity';
import { startRealtime } from '@/lib/delivery/start-realtime';
import { closeNotifications } from '@/lib/delivery/notifications';

const root = path.dirname(new URL(import.meta.url).pathname);
const shutdownSteps: Array<() => Promise<void>> = [];
let shuttingDown = false;

async function shutdown(signal: string, exitCode = 0): Promise<never> {
  if (shuttingDown) process.exit(exitCode);
  shuttingDown = true;
  console.log(`[perch] ${signal}: shutting down`);
  for (const step of shutdownSteps.reverse()) {
    await step().catch((error: unknown) => console.error(`[perch] during shutdown: ${error instanceof Error ? error.message : error}`));
  }
  process.exit(exitCode);
}

async function main(): Promise<void> {
  process.env.NEXT_TELEMETRY_DISABLED ??= '1';
  const config = readServerConfig();
  const started = Date.now();

  // Fail fast on what the operator must fix before the slow steps (build, seed).
  await assertPortAvailable(config.port, config.host);
  const database = await ensureDatabase();
  shutdownSteps.push(() => database.stop());
  console.log(`[db] ${database.embedded ? `embedded PostgreSQL on port ${new URL(database.url).port}` : 'using DATABASE_URL'}`);
  await migrateDatabase(database.url);
  shutdownSteps.push(() => closePool());
  if (config.autoSeed) await ensurePlatformSeeded(database.url, config.seedScale);
  await ensureBuild(root);

  const nextApp = next({ dev: false, dir: root, hostname: config.host, port: config.port });
  await nextApp.prepare();
  const handleNext = nextApp.getRequestHandler();
  const server = createHttpServer([{ prefix: '/v2', handle: webHandler(dispatch) }], (req, res) => handleNext(req, res), {
    trustProxy: config.trustProxy,
  });
  await listen(server, config.port, config.host);
  shutdownSteps.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  shutdownSteps.push(() => nextApp.close());

  const stopSweeper = startHoldSweeper();
  shutdownSteps.push(async () => {
    stopSweeper();
    await sharedLastUsedTracker().flush();
    await stopKeyInvalidationSubscriber();
    await closeRedis();
  });

  // Rules, matching and webhook deliveries: every instance takes a share (PERCH_REALTIME=off to opt out).
  if (process.env.PERCH_REALTIME !== 'off') {
    const realtime = await startRealtime();
    shutdownSteps.push(async () => {
      await realtime.stop();
      await closeNotifications();
    });
  }

  if (config.live) {
    const live = startLiveActivity({ ratePerSecond: config.liveRate });
    shutdownSteps.push(() => live.stop());
  }
  const shownHost = config.host === '0.0.0.0' ? 'localhost' : config.host;
  console.log(`[perch] ready on http://${shownHost}:${config.port} in ${((Date.now() - started) / 1000).toFixed(1)} s${config.live ? ` (live activity ${config.liveRate}/s)` : ''}`);
}

handleSignals((signal) => void shutdown(signal));

main().catch(async (error: unknown) => {
  if (error instanceof StartupError) console.error(`[perch] ${error.message}`);
  else console.error('[perch] failed to start:', error);
  await shutdown('startup failure', 1);
});
