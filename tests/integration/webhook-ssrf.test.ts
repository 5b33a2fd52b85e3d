import dc from 'node:diagnostics_channel';
import http from 'node:http';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook, type ResolveHost } from '@/lib/delivery/post-webhook';
import { startRealtime, type Realtime } from '@/lib/delivery/start-realtime';
import { freePort } from '@/lib/server/free-port';
import { waitFor } from '../support/account-fixtures';
import { createApiAccount, type ApiAccount } from '../support/api-client';
import { startWebhookReceiver } from '../support/webhook-receiver';

// Webhooks must not reach Perch's own network (issue 26, item 4): endpoint URLs naming a
// loopback, private or reserved address in any notation are refused at registration; at delivery
// the host is resolved and the very addresses the socket connects to are checked (a stubbed
// resolver answers private addresses; nothing is ever connected to but loopback); the delivery
// log says only "could not connect", "timed out", "TLS error" or "HTTP <status>".
// vitest.config.ts sets PERCH_WEBHOOK_ALLOW_PRIVATE=1 for the suite: these tests unset it where
// production's default is what they check.

const PHRASES = ['could not connect', 'timed out', 'TLS error'];
const ALLOW = 'PERCH_WEBHOOK_ALLOW_PRIVATE';

function withoutPrivate(): void {
  delete process.env[ALLOW];
}
afterEach(() => {
  process.env[ALLOW] = '1';
  delete process.env.PERCH_WEBHOOK_TIMEOUT_MS;
});

// Every client socket of this process reports its connection attempts here: a refused delivery
// must show none to the test's port.
const attempts: string[] = [];
const onSocket = (message: unknown) => {
  const socket = (message as { socket: net.Socket }).socket;
  socket.on('connectionAttempt', (ip: string, port: number) => attempts.push(`${ip}:${port}`));
};
const attemptsTo = (port: number) => attempts.filter((attempt) => attempt.endsWith(`:${port}`));

/** A loopback HTTP server answering `status`, counting the connections it accepts. */
async function countingServer(status = 204, host = '127.0.0.1', port?: number) {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(status).end());
  });
  let connections = 0;
  server.on('connection', () => (connections += 1));
  const chosen = port ?? (await freePort());
  await new Promise<void>((resolve) => server.listen(chosen, host, resolve));
  return {
    port: chosen,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A resolver answering `answers[i]` on its i-th call (the last one from then on), counting calls. */
function stubResolver(...answers: string[][]): ResolveHost & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (hostname: string) => {
    calls.push(hostname);
    return answers[Math.min(calls.length, answers.length) - 1].map((address) => ({ address, family: net.isIP(address) }));
  };
  return Object.assign(resolve, { calls });
}

beforeAll(() => {
  dc.subscribe('net.client.socket', onSocket);
});
afterAll(() => {
  dc.unsubscribe('net.client.socket', onSocket);
});

describe('registration (POST /v2/webhooks)', () => {
  let account: ApiAccount;
  beforeAll(async () => {
    account = await createApiAccount({ label: 'ssrf-registration' });
  });

  // Each names a loopback, private, link-local, CGNAT, multicast, unspecified, broadcast or
  // reserved address (or a local name), in every notation the WHATWG URL parser accepts.
  const REFUSED = [
    'https://127.0.0.1/hook',
    'https://127.255.255.254:5432/',
    'https://2130706433:5432/', // 127.0.0.1 as one decimal number
    'https://0x7f.1/', // hex and short form
    'https://0x7f000001/',
    'https://0177.0.0.1/', // octal
    'https://017700000001/',
    'https://127.1/',
    'https://127.0.0.1./', // trailing dot
    'https://%31%32%37.0.0.1/', // percent-encoded
    'https://127\u30020\u30020\u30021/', // ideographic full stops
    'https://[::1]/',
    'https://[0:0:0:0:0:0:0:1]:5432/',
    'https://[::]/',
    'https://0.0.0.0/',
    'https://0/',
    'https://10.0.0.1/',
    'https://10.1/',
    'https://172.16.0.1/',
    'https://172.31.255.255/',
    'https://192.168.1.1/',
    'https://0xc0a80101/', // 192.168.1.1
    'https://169.254.169.254/latest/meta-data/',
    'https://2852039166/', // 169.254.169.254
    'https://100.64.0.1/',
    'https://100.127.255.254/',
    'https://198.18.0.1/',
    'https://224.0.0.1/',
    'https://239.255.255.250/',
    'https://240.0.0.1/',
    'https://255.255.255.255/',
    'https://192.0.2.10/',
    'https://[fc00::1]/',
    'https://[fd12:3456::1]/',
    'https://[fe80::1]/',
    'https://[fec0::1]/',
    'https://[ff02::1]/',
    'https://[::ffff:127.0.0.1]:5432/', // IPv4-mapped
    'https://[::ffff:7f00:1]/',
    'https://[0:0:0:0:0:ffff:10.0.0.1]/',
    'https://[::ffff:a9fe:a9fe]/', // 169.254.169.254 mapped
    'https://[::127.0.0.1]/', // IPv4-compatible
    'https://[64:ff9b::127.0.0.1]/', // NAT64
    'https://[64:ff9b::a9fe:a9fe]/',
    'https://[2002:7f00:1::]/', // 6to4 of 127.0.0.1
    'https://[2002:a00:1::1]/', // 6to4 of 10.0.0.1
    'https://[2001:db8::1]/',
    'https://localhost/',
    'https://LOCALHOST./',
    'https://hooks.localhost/',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://metadata/',
    'http://2130706433:5432/',
    'http://0x7f.1/',
    'http://127.1/',
    'http://localhost:3000/',
    'http://hooks.example.com/',
  ];

  it(`refuses ${REFUSED.length} URLs naming internal addresses with a 400 naming url, creating nothing`, async () => {
    withoutPrivate();
    expect(REFUSED.length).toBeGreaterThanOrEqual(30);
    for (const url of REFUSED) {
      const answer = await account.call('POST', '/v2/webhooks', { body: { url } });
      expect(answer.status, url).toBe(400);
      expect(answer.body.error.code, url).toBe('invalid_request');
      expect(answer.body.error.details, url).toEqual([expect.objectContaining({ path: 'url' })]);
    }
    expect((await account.call('GET', '/v2/webhooks')).body.data).toEqual([]);
  });

  it('accepts public hosts, the edges of the refused ranges included', async () => {
    withoutPrivate();
    // Registration resolves nothing and connects nowhere; each endpoint is deleted at once.
    for (const url of [
      'https://hooks.example.com/perch',
      'https://8.8.8.8/hook',
      'https://172.32.0.1/',
      'https://100.128.0.1/',
      'https://198.20.0.1/',
      'https://[2606:4700:4700::1111]/hook',
      'https://[::ffff:8.8.8.8]/',
      'https://[64:ff9b::808:808]/',
    ]) {
      const answer = await account.call('POST', '/v2/webhooks', { body: { url } });
      expect(answer.status, url).toBe(200);
      expect((await account.call('DELETE', `/v2/webhooks/${answer.body.data.id}`)).status).toBe(200);
    }
  });

  it('with PERCH_WEBHOOK_ALLOW_PRIVATE=1 takes loopback (plain HTTP there only), still not plain HTTP to a public host', async () => {
    const local = await account.call('POST', '/v2/webhooks', { body: { url: 'http://127.0.0.1:9/hook' } });
    expect(local.status).toBe(200);
    const mapped = await account.call('POST', '/v2/webhooks', { body: { url: 'http://[::ffff:127.0.0.1]:9/' } });
    expect(mapped.status).toBe(200);
    expect(mapped.body.data.url).toBe('http://[::ffff:7f00:1]:9/');
    for (const id of [local.body.data.id, mapped.body.data.id]) await account.call('DELETE', `/v2/webhooks/${id}`);
    const plain = await account.call('POST', '/v2/webhooks', { body: { url: 'http://hooks.example.com/' } });
    expect(plain.status).toBe(400);
    expect(plain.body.error.details).toEqual([expect.objectContaining({ path: 'url' })]);
  });
});

describe('delivery time: the addresses actually connected to', () => {
  it('refuses a host resolving to private addresses (or a mix) before any socket connects', async () => {
    const server = await countingServer();
    try {
      withoutPrivate();
      const answers = [['10.0.0.1'], ['169.254.169.254'], ['fd00::1'], ['::ffff:127.0.0.1'], ['127.0.0.1'], ['198.51.100.7', '10.0.0.1'], ['127.0.0.1', '::1']];
      for (const answer of answers) {
        const resolve = stubResolver(answer);
        const outcome = await postWebhook(`https://hooks.perch-ssrf.test:${server.port}/`, '{}', {}, { resolve });
        expect(outcome, answer.join()).toMatchObject({ ok: false, statusCode: null, error: 'could not connect' });
        expect(resolve.calls, answer.join()).toEqual(['hooks.perch-ssrf.test']);
      }
      expect(attemptsTo(server.port)).toEqual([]);
      expect(server.connections()).toBe(0);

      // The same stubbed loopback answer is delivered once private addresses are allowed, and
      // seen by both counters: they would have seen a refused attempt too.
      process.env[ALLOW] = '1';
      const allowed = await postWebhook(`http://hooks.perch-ssrf.test:${server.port}/`, '{}', {}, { resolve: stubResolver(['127.0.0.1']) });
      expect(allowed).toMatchObject({ ok: true, statusCode: 204 });
      expect(attemptsTo(server.port)).toEqual([`127.0.0.1:${server.port}`]);
      expect(server.connections()).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('says "could not connect" for a name that does not resolve, as for a refused address', async () => {
    const resolve: ResolveHost = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND db.internal.example'), { code: 'ENOTFOUND' });
    };
    expect(await postWebhook('https://db.internal.example/', '{}', {}, { resolve })).toMatchObject({ ok: false, statusCode: null, error: 'could not connect' });
  });

  it('refuses every address of a mixed answer, and a rebinding to an internal address on the next lookup', async () => {
    // Two loopback receivers on one port stand for a public (127.0.0.1, allowed here) and an
    // internal (127.0.0.2) address, so that a wrong connection is seen and stays on this machine.
    const outside = await countingServer();
    const inside = await countingServer(204, '127.0.0.2', outside.port);
    const allowAddress = (address: string) => address === '127.0.0.1';
    const url = `http://rebind.perch-ssrf.test:${outside.port}/`;
    try {
      const mixed = stubResolver(['127.0.0.1', '127.0.0.2']);
      expect(await postWebhook(url, '{}', {}, { resolve: mixed, allowAddress })).toMatchObject({ ok: false, error: 'could not connect' });
      expect(attemptsTo(outside.port)).toEqual([]);

      // First lookup outside, every later one inside: one resolution per attempt, and it is the
      // one connected to, so the second attempt is refused and nothing reaches the inside.
      const rebinding = stubResolver(['127.0.0.1'], ['127.0.0.2']);
      expect(await postWebhook(url, '{}', {}, { resolve: rebinding, allowAddress })).toMatchObject({ ok: true, statusCode: 204 });
      expect(await postWebhook(url, '{}', {}, { resolve: rebinding, allowAddress })).toMatchObject({ ok: false, statusCode: null, error: 'could not connect' });
      expect(rebinding.calls).toHaveLength(2);
      expect(outside.connections()).toBe(1);
      expect(inside.connections()).toBe(0);
      expect(attemptsTo(outside.port)).toEqual([`127.0.0.1:${outside.port}`]);
    } finally {
      await Promise.all([outside.close(), inside.close()]);
    }
  });

  it('refuses loopback URLs in numeric, mapped and named forms without connecting, and delivers them when allowed', async () => {
    const server = await countingServer();
    try {
      withoutPrivate();
      for (const url of [`http://2130706433:${server.port}/`, `https://0x7f.1:${server.port}/`, `https://[::ffff:7f00:1]:${server.port}/`, `https://localhost:${server.port}/`, `https://127.1:${server.port}/`]) {
        expect(await postWebhook(url, '{}', {}), url).toMatchObject({ ok: false, statusCode: null, error: 'could not connect' });
      }
      expect(attemptsTo(server.port)).toEqual([]);
      expect(server.connections()).toBe(0);
      process.env[ALLOW] = '1';
      expect(await postWebhook(`http://2130706433:${server.port}/`, '{}', {})).toMatchObject({ ok: true, statusCode: 204 });
      expect(server.connections()).toBe(1);
    } finally {
      await server.close();
    }
  });
});

describe('through the job queue and the delivery log', () => {
  let realtime: Realtime;
  let account: ApiAccount;
  const cleanups: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    account = await createApiAccount({ label: 'ssrf-delivery' });
    realtime = await startRealtime();
  });
  afterAll(async () => {
    await realtime?.stop();
    for (const cleanup of cleanups) await cleanup();
  });

  async function register(url: string): Promise<{ id: string; secret: string }> {
    const answer = await account.call('POST', '/v2/webhooks', { body: { url } });
    expect(answer.status, url).toBe(200);
    return { id: answer.body.data.id, secret: answer.body.data.secret };
  }

  /** Sends a test event (POST /v2/webhooks/{id}/test) and waits for its first attempt in the delivery log. */
  async function testEvent(endpointId: string) {
    const sent = await account.call('POST', `/v2/webhooks/${endpointId}/test`);
    expect(sent.status).toBe(200);
    const deliveryId = sent.body.data.delivery_id as string;
    let row: { status: string; attempts: number; last_error: string | null; last_status_code: number | null } | undefined;
    await waitFor(async () => {
      const log = await account.call('GET', `/v2/webhooks/${endpointId}/deliveries`);
      row = log.body.data.find((delivery: { id: string }) => delivery.id === deliveryId);
      return !!row && row.attempts > 0;
    }, 20_000);
    return { deliveryId, ...row! };
  }

  it('refuses a 127.0.0.1 receiver without PERCH_WEBHOOK_ALLOW_PRIVATE and delivers to it with it', async () => {
    const receiver = await startWebhookReceiver();
    cleanups.push(receiver.down);
    const endpoint = await register(receiver.url);
    receiver.setSecrets([endpoint.secret]);

    withoutPrivate();
    const refused = await testEvent(endpoint.id);
    expect(refused).toMatchObject({ status: 'pending', last_status_code: null, last_error: 'could not connect' });
    expect(receiver.received).toHaveLength(0);

    process.env[ALLOW] = '1';
    const delivered = await testEvent(endpoint.id);
    expect(delivered).toMatchObject({ status: 'delivered', last_status_code: 204, last_error: null });
    expect(receiver.received.map((r) => r.deliveryId)).toContain(delivered.deliveryId);
    expect(receiver.received.map((r) => r.deliveryId)).not.toContain(refused.deliveryId);
  });

  it('says only "could not connect", "timed out", "TLS error" or "HTTP <status>"', async () => {
    process.env.PERCH_WEBHOOK_TIMEOUT_MS = '500';
    const failing = await countingServer(500);
    // Takes connections and never answers.
    const held = new Set<net.Socket>();
    const hanging = net.createServer((socket) => {
      held.add(socket);
      socket.on('close', () => held.delete(socket));
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    cleanups.push(failing.close, async () => {
      for (const socket of held) socket.destroy();
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
    });
    const hangingPort = (hanging.address() as net.AddressInfo).port;
    const closedPort = await freePort();

    const cases: Array<[string, string, number | null]> = [
      [`http://127.0.0.1:${closedPort}/hook`, 'could not connect', null],
      [`http://127.0.0.1:${hangingPort}/hook`, 'timed out', null],
      [`http://127.0.0.1:${failing.port}/hook`, 'HTTP 500', 500],
      // TLS spoken to a plain HTTP server.
      [`https://127.0.0.1:${failing.port}/hook`, 'TLS error', null],
    ];
    for (const [url, error, statusCode] of cases) {
      const endpoint = await register(url);
      const attempt = await testEvent(endpoint.id);
      expect(attempt, url).toMatchObject({ status: 'pending', last_error: error, last_status_code: statusCode });
      expect(PHRASES.includes(attempt.last_error!) || /^HTTP \d{3}$/u.test(attempt.last_error!), url).toBe(true);
      await account.call('DELETE', `/v2/webhooks/${endpoint.id}`);
    }
  });
});
