import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '@/lib/server/http-server';
import { proxyToSocket } from '@/lib/server/proxy-to-socket';

// The front server's way to the dashboard's process (server.ts → dashboard-server.ts): a real
// upstream on a Unix socket behind a real front server on a TCP port.

const socket = path.join(os.tmpdir(), `perch-proxy-test-${crypto.randomBytes(4).toString('hex')}.sock`);
let target: string | null = socket;
let upstream: http.Server;
let front: http.Server;
let base: string;
const seen: Array<{ method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string }> = [];
let releaseStream: () => void = () => undefined;
const aborted: string[] = [];

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString() });
      if (req.url === '/stream') {
        // The first part must reach the client before the upstream ends the answer.
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('first part\n');
        releaseStream = () => res.end('second part\n');
        return;
      }
      if (req.url === '/hang') {
        res.on('close', () => aborted.push(req.url!));
        return;
      }
      res.writeHead(201, [['Set-Cookie', 'a=1; Path=/'], ['Set-Cookie', 'b=2; Path=/'], ['Content-Type', 'application/json'], ['Connection', 'keep-alive']].flat());
      res.end(JSON.stringify({ echoed: Buffer.concat(chunks).toString() }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(socket, resolve));
  front = createHttpServer([], proxyToSocket(() => target));
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(front.address() as net.AddressInfo).port}`;
});

afterAll(async () => {
  front.closeAllConnections();
  upstream.closeAllConnections();
  await new Promise((resolve) => front.close(resolve));
  await new Promise((resolve) => upstream.close(resolve));
  fs.rmSync(socket, { force: true });
});

describe('proxyToSocket', () => {
  it('passes method, path, query, body and headers on, and the answer back with every Set-Cookie', async () => {
    const response = await fetch(`${base}/dashboard/keys?tab=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-custom': 'kept', 'x-forwarded-for': '6.6.6.6' },
      body: JSON.stringify({ name: 'k' }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(await response.json()).toEqual({ echoed: '{"name":"k"}' });
    const request = seen.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', url: '/dashboard/keys?tab=1', body: '{"name":"k"}' });
    expect(request.headers['x-custom']).toBe('kept');
    expect(request.headers.host).toBe(new URL(base).host);
    // The address the front server saw, not the one the client claimed (it trusts no proxy here).
    expect(request.headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('streams an answer as the upstream writes it', async () => {
    const response = await fetch(`${base}/stream`);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('first part\n');
    releaseStream();
    let rest = '';
    for (let part = await reader.read(); !part.done; part = await reader.read()) rest += new TextDecoder().decode(part.value);
    expect(rest).toBe('second part\n');
  });

  it('cancels the upstream request when the client leaves', async () => {
    const controller = new AbortController();
    const pending = fetch(`${base}/hang`, { signal: controller.signal }).catch(() => null);
    await expect.poll(() => seen.some((request) => request.url === '/hang')).toBe(true);
    controller.abort();
    await pending;
    await expect.poll(() => aborted).toEqual(['/hang']);
  });

  it('answers 503 with Retry-After while the upstream is not running, and when its socket does not answer', async () => {
    target = null;
    const starting = await fetch(`${base}/dashboard`);
    expect(starting.status).toBe(503);
    expect(starting.headers.get('retry-after')).toBe('2');
    target = path.join(os.tmpdir(), `perch-proxy-test-missing-${crypto.randomBytes(4).toString('hex')}.sock`);
    const missing = await fetch(`${base}/dashboard`);
    expect(missing.status).toBe(503);
    expect(await missing.text()).toMatch(/dashboard is starting or restarting/);
    target = socket;
    expect((await fetch(`${base}/dashboard`)).status).toBe(201);
  });
});
