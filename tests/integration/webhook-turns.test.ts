import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { startRealtime, type Realtime } from '@/lib/delivery/start-realtime';
import { freePort } from '@/lib/server/free-port';
import { waitFor } from '../support/account-fixtures';
import { createApiAccount, type ApiAccount } from '../support/api-client';

// Endpoints' turns across two instances: the circuit breaker's whole cycle (failures open it, no
// attempt while open, a successful trial closes it and the backlog flows), the per-endpoint
// concurrency across instances, and a delivery whose attempt's instance died (its lease left
// behind, no job anywhere) delivered once the lease has run out.

process.env.PERCH_WEBHOOK_RETRY_BASE_MS = '200';
process.env.PERCH_WEBHOOK_RETRY_MAX_MS = '1000';
process.env.PERCH_WEBHOOK_BREAKER_OPEN_MS = '3000';

type Mode = 'ok' | 'fail';

/** A receiver answering 204 or 500 as told, after `delayMs`, counting requests, delivery ids and how many at once. */
async function startControlledReceiver(delayMs = 0) {
  const port = await freePort();
  const state = { mode: 'ok' as Mode, hits: 0, open: 0, maxOpen: 0, delivered: [] as string[] };
  const server = http.createServer((req, res) => {
    state.hits += 1;
    state.open += 1;
    state.maxOpen = Math.max(state.maxOpen, state.open);
    req.resume();
    req.on('end', () =>
      setTimeout(() => {
        state.open -= 1;
        if (state.mode === 'fail') return res.writeHead(500).end();
        state.delivered.push(String(req.headers['perch-delivery-id']));
        res.writeHead(204).end();
      }, delayMs),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/hook`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Circuit = { state: string; consecutive_failures: number; open_until: string | null };

let instances: Realtime[] = [];
let account: ApiAccount;
const receivers: Array<Awaited<ReturnType<typeof startControlledReceiver>>> = [];

async function endpointFor(receiver: Awaited<ReturnType<typeof startControlledReceiver>>): Promise<string> {
  const answer = await account.call('POST', '/v2/webhooks', { body: { url: receiver.url } });
  expect(answer.status).toBe(200);
  return answer.body.data.id as string;
}

async function circuitOf(endpointId: string): Promise<Circuit> {
  const listed = (await account.call('GET', '/v2/webhooks')).body.data as Array<{ id: string; circuit: Circuit }>;
  return listed.find((endpoint) => endpoint.id === endpointId)!.circuit;
}

async function attemptsOf(endpointId: string): Promise<{ attempts: number; delivered: number }> {
  const { rows } = await getPool().query<{ attempts: number; delivered: number }>(
    `SELECT coalesce(sum(attempts), 0)::int AS attempts, count(*) FILTER (WHERE status = 'delivered')::int AS delivered FROM realtime_deliveries WHERE endpoint_id = $1::bigint`,
    [endpointId],
  );
  return rows[0];
}

async function sendTests(endpointId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) ids.push((await account.call('POST', `/v2/webhooks/${endpointId}/test`)).body.data.delivery_id as string);
  return ids;
}

beforeAll(async () => {
  account = await createApiAccount({ label: 'turns' });
  instances = [await startRealtime(), await startRealtime()];
});

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

describe('endpoint turns', () => {
  it('open the circuit after 5 failures in a row, make no attempt while it is open, and close it on a successful trial', async () => {
    const receiver = await startControlledReceiver();
    receivers.push(receiver);
    receiver.state.mode = 'fail';
    const endpointId = await endpointFor(receiver);
    const ids = await sendTests(endpointId, 8);

    await waitFor(async () => (await circuitOf(endpointId)).state === 'open', 20_000);
    const opened = await circuitOf(endpointId);
    // Two attempts may be under way when the fifth failure opens it; the one ending after does not count.
    expect(opened.consecutive_failures).toBe(5);
    const openUntil = Date.parse(opened.open_until!);
    expect(openUntil).toBeGreaterThan(Date.now());
    const hitsWhenOpened = receiver.state.hits;
    expect(hitsWhenOpened).toBeGreaterThanOrEqual(5);
    expect(hitsWhenOpened).toBeLessThanOrEqual(6);
    // Nothing reaches the receiver while the circuit is open, whatever the retries' schedule.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, openUntil - Date.now() - 500)));
    expect(receiver.state.hits).toBe(hitsWhenOpened);
    expect((await circuitOf(endpointId)).state).toBe('open');

    receiver.state.mode = 'ok';
    await waitFor(() => new Set(receiver.state.delivered).size === ids.length, 30_000);
    expect(new Set(receiver.state.delivered)).toEqual(new Set(ids));
    expect(receiver.state.delivered).toHaveLength(ids.length);
    expect(await circuitOf(endpointId)).toEqual({ state: 'closed', consecutive_failures: 0, open_until: null });
    // Every attempt the delivery log counts reached the receiver, and no other did.
    await waitFor(async () => (await attemptsOf(endpointId)).delivered === ids.length, 10_000);
    expect((await attemptsOf(endpointId)).attempts).toBe(receiver.state.hits);
  });

  it('keep an endpoint to 2 attempts at once across two instances, and use both on a backlog', async () => {
    const receiver = await startControlledReceiver(300);
    receivers.push(receiver);
    const endpointId = await endpointFor(receiver);
    const ids = await sendTests(endpointId, 12);
    await waitFor(() => receiver.state.delivered.length === ids.length, 30_000);
    expect(new Set(receiver.state.delivered)).toEqual(new Set(ids));
    expect(receiver.state.maxOpen).toBe(2);
  });

  it('deliver a delivery whose attempt’s instance died (lease left, no job) once the lease runs out', async () => {
    const receiver = await startControlledReceiver();
    receivers.push(receiver);
    const endpointId = await endpointFor(receiver);
    const { rows } = await getPool().query<{ id: string }>(
      `INSERT INTO realtime_deliveries (endpoint_id, event, lease_until) VALUES ($1::bigint, 'test', now() + interval '2 seconds') RETURNING id::text`,
      [endpointId],
    );
    await waitFor(() => receiver.state.delivered.includes(rows[0].id), 30_000);
    expect(receiver.state.delivered).toEqual([rows[0].id]);
  });
});
