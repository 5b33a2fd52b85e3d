import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '@/lib/server/free-port';
import { createHttpServer, listen } from '@/lib/server/http-server';
import { rawConnect } from '../support/raw-http';

// The connection bounds of lib/server/http-server.ts on its own, over real sockets, with
// limits small enough to reach: idle keep-alive connections give way to new clients, and
// connections that never finish their headers are cut off. (api-http-hygiene.test.ts runs
// the whole server.ts with its defaults.)

let server: http.Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function start(limits: Parameters<typeof createHttpServer>[2]) {
  server = createHttpServer([], (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
  }, limits);
  const port = await freePort();
  await listen(server, port, '127.0.0.1');
  return `http://127.0.0.1:${port}`;
}

function get(url: string, agent: http.Agent): Promise<{ status: number; socket: import('node:net').Socket }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      const socket = res.socket;
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, socket }));
    });
    req.on('error', reject);
  });
}

describe('connection bounds', () => {
  it('closes idle keep-alive connections past 80 % of maxConnections, so a new client is still served', async () => {
    const url = await start({ limits: { maxConnections: 20 } });
    const keeper = new http.Agent({ keepAlive: true, maxSockets: 16 });
    // 16 clients each leave a keep-alive connection idle (16 ≤ the soft limit of 16).
    const first = await Promise.all(Array.from({ length: 16 }, () => get(url, keeper)));
    const sockets = new Set(first.map((answer) => answer.socket));
    expect(first.every((answer) => answer.status === 200)).toBe(true);
    const closed = Promise.all([...sockets].map((socket) => new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())))));
    // The 17th connection passes the soft limit: the idle ones are closed, the new one is served.
    const fresh = new http.Agent({ keepAlive: false });
    expect((await get(url, fresh)).status).toBe(200);
    await closed;
    // The clients with idle connections simply reconnect.
    expect((await get(url, keeper)).status).toBe(200);
    keeper.destroy();
    fresh.destroy();
  });

  it('answers a client that never finishes its headers with a JSON 408 and closes its connection', async () => {
    const url = await start({ limits: { headersTimeoutMs: 600, requestTimeoutMs: 1_000 } });
    const slow = await rawConnect(url);
    slow.socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
    const answer = await slow.exchange('', 20_000);
    expect(answer.status).toBe(408);
    expect(answer.json.error.code).toBe('invalid_request');
    expect(await slow.ending(20_000)).toBe('fin');
    slow.close();
  });
});
