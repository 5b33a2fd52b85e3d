import { afterAll, expect, it } from 'vitest';
import { waitFor } from '../support/account-fixtures';
import { startServers, type RunningServer } from '../support/api-server';

// Two Perch servers on one database, both with live activity on (issue 13, point 4): exactly
// one runs the simulator; when that one is killed, the other takes over.

const LEADING = '"msg":"this instance runs the live activity"';
let servers: RunningServer[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
});

const leads = (server: RunningServer) => server.output().includes(LEADING);

it('runs one live simulator over two instances, and the other takes over after a kill -9', { timeout: 10 * 60_000 }, async () => {
  // A slow rate: the simulator's writes land in the database other test files read.
  servers = await startServers(process.env.DATABASE_URL!, 2, { PERCH_LIVE: '1', PERCH_LIVE_RATE: '0.5' });
  await waitFor(() => servers.some(leads), 30_000);
  // Long enough for a second leader to appear if the lock did not hold.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect(servers.filter(leads)).toHaveLength(1);

  const [leader, standby] = leads(servers[0]) ? servers : [servers[1], servers[0]];
  await leader.kill();
  await waitFor(() => leads(standby), 60_000);
});
