import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '@/lib/server/free-port';
import { createHttpServer, listen } from '@/lib/server/http-server';
import { waitFor } from '../support/account-fixtures';

// The per-address cap of lib/server/http-server.ts over real sockets (issue 26, point 3): one
// client address holding its most connections gets a JSON 429 too_many_connections on another
// one, which is then closed; its open connections keep working, a connection given back makes
// room, and a connection past the cap that never sends a request is not kept.

let server: http.Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function start(limits: Parameters<typeof createHttpServer>[2]): Promise<number> {
  server = createHttpServer([], (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
  }, limits);
  const port = await freePort();
  await listen(server, port, '127.0.0.1');
  return port;
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; socket: net.Socket };

function get(port: number, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body, socket: res.socket }));
    });
    req.setTimeout(10_000, () => req.destroy(new Error('no answer within 10 s')));
    req.on('error', reject);
  });
}

describe('open connections per address', () => {
  it('answers a connection past the cap with a JSON 429 and closes it; the others keep working, and a closed one makes room', async () => {
    const port = await start({ limits: { maxConnectionsPerAddress: 3 } });
    // Three keep-alive connections from 127.0.0.1, each left open.
    const holders = Array.from({ length: 3 }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    const held = await Promise.all(holders.map((agent) => get(port, agent)));
    expect(held.map((answer) => answer.status)).toEqual([200, 200, 200]);

    const fresh = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const refused = await get(port, fresh);
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toContain('application/json');
    expect(refused.headers.connection).toBe('close');
    expect(refused.headers['retry-after']).toBe('1');
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: 'too_many_connections', details: { limit: 3 } }, meta: { request_id: expect.any(String) } });
    await new Promise<void>((resolve) => (refused.socket.destroyed ? resolve() : refused.socket.once('close', () => resolve())));

    // The held connections are served as before, on the same sockets.
    for (const [i, agent] of holders.entries()) {
      const again = await get(port, agent);
      expect(again.status).toBe(200);
      expect(again.socket).toBe(held[i].socket);
    }
    // One given back: a new connection is served once the server saw it close.
    holders[0].destroy();
    await waitFor(async () => (await get(port, new http.Agent({ keepAlive: false }))).status === 200, 10_000);
    for (const agent of [...holders, fresh]) agent.destroy();
  });

  it('drops a connection past the cap that sends nothing, instead of keeping it until the headers timeout', async () => {
    const port = await start({ limits: { maxConnectionsPerAddress: 1, headersTimeoutMs: 30_000, requestTimeoutMs: 60_000 } });
    const first = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(port, first)).status).toBe(200);
    const silent = net.connect(port, '127.0.0.1');
    const closed = new Promise<number>((resolve) => {
      const opened = performance.now();
      silent.once('close', () => resolve(performance.now() - opened));
    });
    silent.on('error', () => {});
    // Closed after the cap's grace (2 s), far inside the 30 s a client below the cap would get.
    const after = await Promise.race([closed, new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), 10_000))]);
    expect(after).not.toBe('still open');
    first.destroy();
  });

  it('has no cap when set to 0', async () => {
    const port = await start({ limits: { maxConnectionsPerAddress: 0 } });
    const agents = Array.from({ length: 5 }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    const answers = await Promise.all(agents.map((agent) => get(port, agent)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    for (const agent of agents) agent.destroy();
  });
});
