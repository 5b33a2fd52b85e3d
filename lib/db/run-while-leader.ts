import { componentLogger } from '@/lib/observability/logger';
import pg from 'pg';
import { forgetLoop, reportLoopDown, reportLoopUp } from '@/lib/health/loop-health';
import { isDatabaseUnavailable } from './database-unavailable';
import { wakeableSleep } from './wakeable-sleep';

const log = componentLogger('leader');

export type Stoppable = { stop(): Promise<void> };

export type LeaderOptions = {
  /** What is led; instances on one database with the same name elect one leader. */
  name: string;
  /** Started when this process becomes the leader; stopped when it stops being one. */
  start: () => Stoppable;
  /** How often a follower (or a leader that lost its connection) tries to take the lead. */
  retryMs?: number;
  /** Told when this process starts and stops leading (logs, tests). */
  onChange?: (leading: boolean) => void;
  connectionString?: string;
  /** The name under which /api/health shows whether this candidate reaches the database (leading or standing by). */
  health?: string;
};

/**
 * Runs `start()` in exactly one of the processes sharing a database: the one holding a
 * PostgreSQL session advisory lock on a dedicated connection. The lock lives as long as that
 * connection, so when the leader dies (kill -9 included) or loses the database, the lock is
 * free and a follower takes over at its next try; a leader that loses its connection stops
 * what it started before anyone else can lead.
 */
export function runWhileLeader({ name, start, retryMs = 2000, onChange, connectionString = process.env.DATABASE_URL, health }: LeaderOptions): Stoppable {
  let stopped = false;
  let client: pg.Client | null = null;
  let led: Stoppable | null = null;
  let lastProblem = '';

  const { sleep, wake } = wakeableSleep();

  const resign = async () => {
    const leading = led;
    led = null;
    if (leading) {
      await leading.stop();
      onChange?.(false);
    }
  };

  // Resolves when the connection is lost (or closed by stop()).
  const connectionLost = (connection: pg.Client) =>
    new Promise<void>((resolve) => {
      connection.once('end', () => resolve());
      connection.on('error', () => resolve());
    });

  const attempt = async (): Promise<void> => {
    const connection = new pg.Client({ connectionString, application_name: `perch-leader-${name}`, keepAlive: true, connectionTimeoutMillis: 5000 });
    connection.on('error', () => undefined); // a lost connection ends the attempt below instead
    client = connection;
    try {
      await connection.connect();
      if (health) reportLoopUp(health);
      const lost = connectionLost(connection);
      while (!stopped) {
        const { rows } = await connection.query<{ locked: boolean }>("SELECT pg_try_advisory_lock(hashtext('perch'), hashtext($1)) AS locked", [name]);
        if (rows[0].locked) break;
        await Promise.race([sleep(retryMs), lost]);
      }
      if (stopped) return;
      lastProblem = '';
      led = start();
      onChange?.(true);
      await lost; // leading until the connection goes (or stop() closes it)
      if (health && !stopped) reportLoopDown(health, 'the connection holding the lead was lost');
    } catch (error) {
      if (health && !stopped) reportLoopDown(health, error);
      // Quiet during a database outage: one line per distinct problem.
      const problem = error instanceof Error ? error.message : String(error);
      if (problem !== lastProblem && !stopped && !isDatabaseUnavailable(error)) log.error({ task: name }, `${name}: ${problem}`);
      lastProblem = problem;
    } finally {
      await resign();
      client = null;
      await connection.end().catch(() => undefined);
    }
  };

  const running = (async () => {
    while (!stopped) {
      await attempt();
      if (!stopped) await sleep(retryMs);
    }
  })();

  return {
    async stop() {
      stopped = true;
      wake();
      // What it leads stops before the lock is released, so two never run at once.
      await resign();
      await client?.end().catch(() => undefined);
      await running;
      if (health) forgetLoop(health);
    },
  };
}
