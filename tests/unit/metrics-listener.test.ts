import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listenForMetrics } from '@/lib/server/metrics-route';

// A busy PERCH_METRICS_PORT must say which setting to change: PORT is the main listener's.

const held: http.Server[] = [];
afterEach(async () => {
  await Promise.all(held.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('the metrics listener', () => {
  it('names PERCH_METRICS_PORT when its port is taken', async () => {
    const holder = http.createServer();
    held.push(holder);
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as AddressInfo;
    const scrape = async () => ({ contentType: 'text/plain', body: '' });
    await expect(listenForMetrics(port, scrape)).rejects.toThrow(`port ${port} is in use: stop what holds it or set PERCH_METRICS_PORT to a free port`);
  });

  it('serves /metrics on 127.0.0.1 when the port is free', async () => {
    const scrape = async () => ({ contentType: 'text/plain; version=0.0.4', body: 'up 1\n' });
    const server = await listenForMetrics(0, scrape);
    held.push(server);
    const { address, port } = server.address() as AddressInfo;
    expect(address).toBe('127.0.0.1');
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('up 1\n');
  });
});
