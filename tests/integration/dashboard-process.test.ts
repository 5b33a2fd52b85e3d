import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAlive, startServer, type RunningServer } from '../support/api-server';

// server.ts runs Next.js in a child process (dashboard-server.ts) and passes it every request
// outside /v2. The API must not depend on it, and it must neither outlive its parent nor stay
// down when it dies.

let server: RunningServer;

beforeAll(async () => {
  server = await startServer(process.env.DATABASE_URL!);
}, 10 * 60_000);

afterAll(async () => {
  await server?.stop();
});

/** The pids of the dashboard processes the server has started so far, in order. */
function dashboardPids(): number[] {
  return [...server.output().matchAll(/"msg":"Next\.js ready in process (\d+)/g)].map((match) => Number(match[1]));
}

describe('the dashboard process', () => {
  it('serves pages through server.ts, is started again when it dies while /v2 goes on answering, and stops with the server', { timeout: 5 * 60_000 }, async () => {
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
    const [first] = dashboardPids();
    expect(first).toBeGreaterThan(0);

    process.kill(first, 'SIGKILL');
    // While it is down or starting: pages say so with a 503, the API does not notice.
    await expect.poll(async () => (await fetch(`${server.url}/`)).status, { timeout: 10_000 }).toBe(503);
    const api = await fetch(`${server.url}/v2/openapi.json`);
    expect(api.status).toBe(200);

    await expect.poll(async () => (await fetch(`${server.url}/`)).status, { timeout: 120_000, interval: 500 }).toBe(200);
    const pids = dashboardPids();
    expect(pids).toHaveLength(2);
    expect(server.output()).toContain('the dashboard process exited (signal SIGKILL); starting it again');

    await server.stop();
    await expect.poll(() => isAlive(pids[1]), { timeout: 10_000 }).toBe(false);
  });
});
