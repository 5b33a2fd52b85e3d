// The production entry (`npm start`): prepares the database (embedded or DATABASE_URL),
// applies migrations, seeds the demo platform on first start, builds the dashboard when
// needed, then serves /v2 and Next.js on one port.
import path from 'node:path';
import { ensureDatabase } from '@/lib/db/ensure-database';
import { migrateDatabase } from '@/lib/db/migrate';
import { closePool } from '@/lib/db/pool';
import { StartupError } from '@/lib/db/startup-error';
import { runWhileLeader } from '@/lib/db/run-while-leader';
import { superviseEmbeddedPostgres } from '@/lib/db/supervise-postgres';
import { allowedMethodsAt, answerApiRequest } from '@/lib/api/dispatch';
import { startHoldSweeper } from '@/lib/credits';
import { startRequestLogPrune } from '@/lib/metering/prune-request-log';
import { startOAuthPurge } from '@/lib/oauth/purge-oauth-records';
import { readMeteringConfig, staleHoldAgeMs } from '@/lib/metering/metering-config';
import { stopMetering } from '@/lib/metering/meter';
import { sharedKeyChangeListener, stopKeyServices } from '@/lib/keys';
import { closeRedis } from '@/lib/ratelimit';
import { assertPortAvailable, createHttpServer, listen } from '@/lib/server/http-server';
import { apiHandler } from '@/lib/server/web-adapter';
import { startDashboardProcess } from '@/lib/server/dashboard-process';
import { proxyToSocket } from '@/lib/server/proxy-to-socket';
import { healthRoute } from '@/lib/server/health-route';
import { listenForMetrics, metricsRoute, scrapeInstance } from '@/lib/server/metrics-route';
import { readMetricsConfig } from '@/lib/observability/metrics-config';
import { startServerMetrics } from '@/lib/observability/start-metrics';
import { mcpRoute } from '@/lib/mcp/mcp-route';
import { ensureBuild } from '@/lib/server/ensure-build';
import { readServerConfig } from '@/lib/server/config';
import { readPlatformConfig } from '@/lib/platform/platform-config';
import { handleSignals } from '@/lib/server/handle-signals';
import { runShutdownSteps, type ShutdownStep } from '@/lib/server/run-shutdown-steps';
import { ensurePlatformSeeded } from '@/lib/server/ensure-platform-seeded';
import { startRealtime } from '@/lib/delivery/start-realtime';
import { startExportRunner } from '@/lib/api/exports/export-jobs';
import { getServedPlatforms } from '@/lib/platform/served-platforms';
import { exportStorage } from '@/lib/exports/storage-instance';
import { closeNotifications } from '@/lib/delivery/notifications';
import { endOpenStreams } from '@/lib/delivery/stream-slots';
import { assertLogLevel, componentLogger } from '@/lib/observability/logger';
import { startCallLog } from '@/lib/observability/call-log';
import { startTracing } from '@/lib/observability/tracing';

const root = path.dirname(new URL(import.meta.url).pathname);
const log = componentLogger('perch');
const shutdownSteps: ShutdownStep[] = [];
let shuttingDown = false;
// Orchestrators give a stopping process about 10 s before SIGKILL; finish inside that
// whatever the database's state (a dead database must not make shutdown wait on it).
const SHUTDOWN_DEADLINE_MS = 9000;

let shutdownStarted = 0;

async function shutdown(signal: string, exitCode = 0): Promise<never | void> {
  if (shuttingDown) {
    // A second Ctrl-C forces the exit. The same signal twice within a second is one stop
    // delivered twice (to the process group, and relayed by tsx to this process): ignored,
    // so that the orderly shutdown finishes.
    if (performance.now() - shutdownStarted > 1_000) process.exit(exitCode);
    return;
  }
  shuttingDown = true;
  shutdownStarted = performance.now();
  // Parts left running by a step that ran out of time (a worker polling a database that is
  // gone, a pool ended under it) may fail after it: logged, they must not cut the exit short.
  const lateFailure = (error: unknown) => log.error({ err: error }, `during shutdown: ${error instanceof Error ? error.message : String(error)}`);
  process.on('uncaughtException', lateFailure);
  process.on('unhandledRejection', lateFailure);
  log.info({ signal }, `${signal}: shutting down`);
  const started = performance.now();
  await runShutdownSteps([...shutdownSteps].reverse(), SHUTDOWN_DEADLINE_MS);
  const stoppedMs = Math.round(performance.now() - started);
  log.info({ duration_ms: stoppedMs }, `stopped in ${stoppedMs} ms`);
  process.exit(exitCode);
}

async function main(): Promise<void> {
  assertLogLevel();
  process.env.NEXT_TELEMETRY_DISABLED ??= '1';
  const config = readServerConfig();
  const metering = readMeteringConfig();
  const platforms = readPlatformConfig();
  const metricsConfig = readMetricsConfig();
  // Metrics off (no PERCH_METRICS_TOKEN nor PERCH_METRICS_PORT): nothing is recorded or listened for.
  const metrics = metricsConfig.enabled ? startServerMetrics() : null;
  const started = Date.now();
  // Before anything opens a database pool (its statements become spans). Pushed first, the
  // flush of the last spans runs last on shutdown, after every step that could still make one.
  const tracing = await startTracing();
  if (tracing) shutdownSteps.push({ name: 'traces', run: () => tracing.stop() });

  // Fail fast on what the operator must fix before the slow steps (build, seed).
  await assertPortAvailable(config.port, config.host);
  const database = await ensureDatabase(process.env, { role: 'server' });
  shutdownSteps.push({ name: 'leaving the database', run: () => database.stop() });
  componentLogger('db').info({ embedded: database.embedded }, database.embedded ? `embedded PostgreSQL on port ${new URL(database.url).port}` : 'using DATABASE_URL');
  if (database.clusterDir) {
    const supervisor = superviseEmbeddedPostgres({ clusterDir: database.clusterDir, port: Number(new URL(database.url).port) });
    shutdownSteps.push({ name: 'database supervisor', run: async () => supervisor.stop() });
  }
  await migrateDatabase(database.url);
  componentLogger('platform').info(
    { platforms: platforms.platforms, default_platform: platforms.defaultPlatform },
    `serving ${platforms.platforms.join(', ')} (default ${platforms.defaultPlatform}; pick another per request with the Perch-Platform header)`,
  );
  shutdownSteps.push({ name: 'database pools', run: () => closePool() });
  if (config.autoSeed) await ensurePlatformSeeded(database.url, config.seedScale);
  await ensureBuild(root);

  // Next.js runs in a process of its own (dashboard-server.ts): loaded here, its global patches
  // would tax every /v2 call. Everything but /v2 is passed on to it.
  const dashboard = await startDashboardProcess({ root, env: { ...process.env, DATABASE_URL: database.url, PORT: String(config.port), PERCH_PUBLIC_HOST: config.host } });
  shutdownSteps.push({ name: 'dashboard process', run: () => dashboard.stop() });
  // Listening before the first request: key changes from anywhere reach this instance's cache.
  sharedKeyChangeListener();
  const toDashboard = proxyToSocket(dashboard.socketPath);
  // GET /metrics: this process's figures and the dashboard process's (its /v2 calls), merged.
  const scrape = metrics && scrapeInstance(metrics, dashboard.metrics);
  // /api/health is answered here, where the background loops run and report (lib/health).
  // /mcp: the MCP server for AI agents (lib/mcp), every tool call a /v2 call.
  const server = createHttpServer([{ prefix: '/v2', handle: apiHandler(answerApiRequest) }, { prefix: '/mcp', handle: mcpRoute() }, { prefix: '/api/health', handle: healthRoute(toDashboard) }, metricsRoute(metricsConfig.token, scrape)], toDashboard, {
    trustProxy: config.trustProxy,
    limits: config.httpLimits,
    allowedMethods: (path) => (/^\/v2(\/|\?|$)/i.test(path) ? allowedMethodsAt(path) : null),
  });
  // One info line per /v2 call this process answers (the dashboard's process logs its own).
  startCallLog();
  await listen(server, config.port, config.host);
  if (scrape && metricsConfig.port !== null) {
    const metricsServer = await listenForMetrics(metricsConfig.port, scrape);
    shutdownSteps.push({ name: 'metrics listener', run: () => new Promise<void>((resolve) => metricsServer.close(() => resolve())) });
  }
  // Runs after the server stopped taking requests (steps run in reverse): the last usage
  // records are written and the credit leases given back before the pools close.
  shutdownSteps.push({ name: 'metering', run: () => stopMetering() });
  shutdownSteps.push({ name: 'http server', run: () => new Promise<void>((resolve) => server.close(() => resolve())) });
  // Runs just before it: open streams would hold their connections (and the close) open; ended,
  // their clients reconnect to another instance with Last-Event-ID, and their slots are given back.
  shutdownSteps.push({ name: 'open streams', run: () => endOpenStreams() });

  // Every operation ends within its timeout, so a hold older than that (plus a margin) was left
  // by a killed process; expired leases are those of instances that stopped renewing them.
  const stopSweeper = startHoldSweeper({ olderThanMs: config.holdSweepAgeMs ?? staleHoldAgeMs(metering), intervalMs: config.holdSweepIntervalMs });
  const stopOAuthPurge = startOAuthPurge();
  // The request log keeps PERCH_REQUEST_LOG_DAYS of usage events; usage_daily keeps the totals.
  const stopRequestLogPrune = startRequestLogPrune();
  shutdownSteps.push({
    name: 'sweeper, purge, usage and key caches',
    run: async () => {
      stopSweeper();
      stopOAuthPurge();
      stopRequestLogPrune();
      await stopKeyServices();
      await closeRedis();
    },
  });

  // Rules, matching and webhook deliveries: every instance takes a share (PERCH_REALTIME=off to opt out).
  if (process.env.PERCH_REALTIME !== 'off') {
    const realtime = await startRealtime();
    shutdownSteps.push({
      name: 'realtime',
      run: async () => {
        await realtime.stop();
        await closeNotifications();
      },
    });
  }

  // Export jobs: every instance runs a share, on workers of their own (PERCH_EXPORT_RUNNER=off to opt out).
  if (process.env.PERCH_EXPORT_RUNNER !== 'off') {
    const exports = await startExportRunner(getServedPlatforms(), exportStorage());
    shutdownSteps.push({ name: 'export runner', run: () => exports.stop() });
  }

  if (config.live) {
    // One simulator per database, however many instances share it: the others stand by and
    // one of them takes over when the one running it stops or dies.
    // Loaded only when it runs: its sentences come from the seeder's word pools (faker's locales).
    const { startLiveActivity } = await import('@/lib/platform/local/live-activity');
    const live = runWhileLeader({
      name: 'live-activity',
      start: () => startLiveActivity({ ratePerSecond: config.liveRate }),
      onChange: (leading) => componentLogger('live').info({ leading }, leading ? 'this instance runs the live activity' : 'this instance stopped running the live activity'),
    });
    shutdownSteps.push({ name: 'live activity', run: () => live.stop() });
  }
  // Runs first on shutdown: the dashboard stops alongside the rest instead of after it (its
  // step further down waits for this same stop), so its grace time adds nothing to the exit.
  shutdownSteps.push({ name: 'dashboard process (signal)', run: async () => void dashboard.stop() });
  const shownHost = config.host === '0.0.0.0' ? 'localhost' : config.host;
  log.info(
    { url: `http://${shownHost}:${config.port}`, startup_ms: Date.now() - started },
    `ready on http://${shownHost}:${config.port} in ${((Date.now() - started) / 1000).toFixed(1)} s${config.live ? ` (live activity ${config.liveRate}/s)` : ''}`,
  );
}

handleSignals((signal) => void shutdown(signal));

main().catch(async (error: unknown) => {
  if (error instanceof StartupError) log.fatal(error.message);
  else log.fatal({ err: error }, `failed to start: ${error instanceof Error ? error.message : String(error)}`);
  await shutdown('startup failure', 1);
});
