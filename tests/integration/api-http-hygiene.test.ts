import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { startServer, type RunningServer } from '../support/api-server';
import { rawConnect, rawRequest, type RawAnswer } from '../support/raw-http';

// HTTP hygiene of the production server (server.ts, over real sockets): methods fetch cannot
// build, malformed Host headers, bodies where none belongs or of the wrong type, HEAD, the
// prefix's case, connections kept usable after an early answer, and clients that hold
// connections open (idle or sending headers slowly). Issues 13 (point 1) and 16 (2, 3, 4, 10).

const HEADERS_TIMEOUT_MS = 2_000;

let account: ApiAccount;
let username: string;
let server: RunningServer;

beforeAll(async () => {
  account = await createApiAccount({ label: 'http-hygiene' });
  const { rows } = await getPool().query<{ username: string }>('SELECT username FROM platform.users ORDER BY followers_count DESC, id LIMIT 1');
  username = rows[0].username;
  // Per-call database holds (no credit leases): a balance read right after a call is final.
  server = await startServer(process.env.DATABASE_URL!, { PERCH_HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS), PERCH_HTTP_REQUEST_TIMEOUT_MS: '10000', PERCH_CREDIT_LEASES: '0' });
}, 10 * 60_000);

afterAll(async () => {
  await server?.stop();
  await expectLedgersBalanced();
});

const host = () => new URL(server.url).host;

/** One request on a fresh connection, sent byte for byte as given. */
async function rawCall(method: string, path: string, headers: Record<string, string | number> = {}, body: string | Buffer = ''): Promise<RawAnswer> {
  const connection = await rawConnect(server.url);
  try {
    return await connection.exchange(rawRequest(method, path, { host: host(), connection: 'close', ...headers }, body), 15_000, { head: method === 'HEAD' });
  } finally {
    connection.close();
  }
}

/** The API's error envelope (contract section 1). */
function expectApiError(answer: RawAnswer, status: number, code: string): void {
  expect(answer.status, answer.body).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(answer.json?.error?.code, answer.body).toBe(code);
  expect(answer.json.meta.request_id).toMatch(/^req_/);
}

const auth = () => ({ authorization: `Bearer ${account.key}` });

describe('methods', () => {
  it('answers TRACE, TRACK, CONNECT and other odd methods with a JSON 405, not a 500 or a stack trace', async () => {
    // TRACK and FOO are not even parsed by node:http; the others reach dispatch (TRACE without a Request object).
    for (const method of ['TRACE', 'TRACK', 'FOO', 'PROPFIND', 'PURGE', 'M-SEARCH', 'PUT', 'PATCH']) {
      const answer = await rawCall(method, `/v2/users/${username}`);
      expectApiError(answer, 405, 'method_not_allowed');
      expect(answer.headers.allow, method).toBe('GET');
    }
    const options = await rawCall('OPTIONS', '/v2/search', auth());
    expectApiError(options, 405, 'method_not_allowed');
    expect(options.headers.allow).toBe('POST');
    expectApiError(await rawCall('CONNECT', `${host()}:443`), 405, 'method_not_allowed');
    // Not valid HTTP at all: still the API's error shape.
    for (const garbage of ['GARBAGE\r\n\r\n', `GET /v2/account HTTP/1.1\r\nHost: ${host()}\r\nbad header line\r\n\r\n`]) {
      const connection = await rawConnect(server.url);
      expectApiError(await connection.exchange(garbage), 400, 'invalid_request');
      connection.close();
    }
    // A stack in a JSON record is escaped: a backslash and n before each "at".
    expect(server.output()).not.toMatch(/unhandled error|internal error|\n\s+at |\\n\s+at /);
  });

  it('serves HEAD /v2/openapi.json as GET without the body, and refuses HEAD on metered operations', async () => {
    const get = await rawCall('GET', '/v2/openapi.json');
    const head = await rawCall('HEAD', '/v2/openapi.json');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.body)));
    expect(JSON.parse(get.body).openapi).toMatch(/^3\.1/);

    const before = await account.balance();
    const operation = await rawCall('HEAD', '/v2/account', auth());
    expect(operation.status).toBe(405);
    expect(operation.headers.allow).toBe('GET');
    expect(operation.body).toBe('');
    expect(await account.balance()).toBe(before);
  });
});

describe('malformed requests', () => {
  it('answers a malformed Host header with a JSON 400', async () => {
    for (const bad of ['[', 'localhost:99999', 'u@evil', 'a b', 'host:port']) {
      const connection = await rawConnect(server.url);
      const answer = await connection.exchange(rawRequest('GET', `/v2/users/${username}`, { host: bad, connection: 'close', ...auth() }));
      connection.close();
      expectApiError(answer, 400, 'invalid_request');
      expect(answer.json.error.details[0].path, bad).toBe('host');
    }
    expect((await rawCall('GET', `/v2/users/${username}`, { host: '[::1]:8080', ...auth() })).status).toBe(200);
    expect(server.output()).not.toMatch(/unhandled error|internal error/);
  });

  it('refuses a body on GET with a 400 and charges nothing, so a max_credits there is never lost', async () => {
    const before = await account.balance();
    const body = JSON.stringify({ max_credits: 1 });
    const answer = await rawCall('GET', `/v2/users/${username}/followers-ids?count=50`, { ...auth(), 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }, body);
    expectApiError(answer, 400, 'invalid_request');
    expect(answer.json.error.details).toEqual([{ path: 'body', message: 'must be empty' }]);
    const chunked = await rawCall('GET', `/v2/users/${username}`, { ...auth(), 'transfer-encoding': 'chunked' }, '2\r\n{}\r\n0\r\n\r\n');
    expectApiError(chunked, 400, 'invalid_request');
    expect(await account.balance()).toBe(before);
    // An empty body, as some clients declare, is no body.
    expect((await rawCall('GET', `/v2/users/${username}`, { ...auth(), 'content-length': 0 })).status).toBe(200);
  });

  it('refuses a JSON body sent as another media type with 415 unsupported_media_type, charging nothing', async () => {
    const before = await account.balance();
    const body = JSON.stringify({ query: 'the', count: 1 });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'multipart/form-data; boundary=x', null]) {
      const headers: Record<string, string | number> = { ...auth(), 'content-length': Buffer.byteLength(body) };
      if (type) headers['content-type'] = type;
      const answer = await rawCall('POST', '/v2/search', headers, body);
      expectApiError(answer, 415, 'unsupported_media_type');
    }
    expect(await account.balance()).toBe(before);
    for (const type of ['application/json', 'Application/JSON; charset=UTF-8']) {
      const answer = await rawCall('POST', '/v2/search', { ...auth(), 'content-type': type, 'content-length': Buffer.byteLength(body) }, body);
      expect(answer.status, answer.body).toBe(200);
    }
    // A POST without a body needs no Content-Type.
    expect((await rawCall('POST', '/v2/search', { ...auth(), 'content-type': 'text/plain', 'content-length': 0 })).json.error.code).toBe('invalid_request');
  });

  it('answers any case of the /v2 prefix as the API, not with a page', async () => {
    const upper = await rawCall('GET', '/V2/account', auth());
    expect(upper.status).toBe(200);
    expect(upper.json.data.balance).toBe(await account.balance());
    const missing = await rawCall('GET', '/V2/nowhere', auth());
    expectApiError(missing, 404, 'not_found');
    expectApiError(await rawCall('GET', '/v2/Account', auth()), 404, 'not_found');
  });
});

/** Three requests on one keep-alive connection (node:http agent with a single socket). */
async function onOneConnection(requests: Array<{ method: string; path: string; headers?: Record<string, string>; body?: Buffer }>) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const sockets = new Set<net.Socket>();
  const results: Array<{ status: number; connection: string | undefined; error?: string }> = [];
  try {
    for (const request of requests) {
      results.push(
        await new Promise((resolve) => {
          const req = http.request(`${server.url}${request.path}`, { method: request.method, agent, headers: { ...auth(), ...request.headers } }, (res) => {
            sockets.add(res.socket);
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
            res.on('error', (error: NodeJS.ErrnoException) => resolve({ status: 0, connection: undefined, error: error.code ?? error.message }));
          });
          // A server answering early may close while the body is still being written.
          req.on('error', (error: NodeJS.ErrnoException) => resolve({ status: 0, connection: undefined, error: error.code ?? error.message }));
          req.end(request.body);
        }),
      );
    }
  } finally {
    agent.destroy();
  }
  return { results, sockets: sockets.size };
}

describe('connections after an early answer', () => {
  it('keeps a keep-alive connection usable after a 413 (fetch: the big POST, then GET /v2/account twice)', async () => {
    const big = JSON.stringify({ query: 'a', pad: 'x'.repeat(200_000) });
    for (let round = 0; round < 3; round++) {
      const statuses: Array<number | string> = [];
      for (const [method, path, body] of [['POST', '/v2/search', big], ['GET', '/v2/account'], ['GET', '/v2/account']] as const) {
        try {
          const response = await fetch(`${server.url}${path}`, { method, headers: { ...auth(), 'content-type': 'application/json' }, body });
          await response.text();
          statuses.push(response.status);
        } catch (error) {
          statuses.push(`${(error as { cause?: { code?: string } }).cause?.code ?? error}`);
        }
      }
      expect(statuses).toEqual([413, 200, 200]);
    }
  });

  it('drains early-answered bodies (413, 401, 415, a body on GET) and serves the next requests on the same connection', async () => {
    const big = Buffer.from(JSON.stringify({ query: 'a', pad: 'x'.repeat(200_000) }));
    const small = Buffer.from(JSON.stringify({ query: 'a', pad: 'x'.repeat(30_000) }));
    const { results, sockets } = await onOneConnection([
      { method: 'POST', path: '/v2/search', headers: { 'content-type': 'application/json' }, body: big },
      { method: 'GET', path: '/v2/account' },
      { method: 'POST', path: '/v2/search', headers: { 'content-type': 'application/json', authorization: 'Bearer perch_wrong' }, body: small },
      { method: 'GET', path: '/v2/account' },
      { method: 'POST', path: '/v2/search', headers: { 'content-type': 'text/plain' }, body: small },
      // node:http sends a GET's body unframed unless told its length.
      { method: 'GET', path: `/v2/users/${username}`, headers: { 'content-type': 'application/json', 'content-length': String(small.length) }, body: small },
      { method: 'GET', path: '/v2/account' },
    ]);
    expect(results.map((r) => r.status)).toEqual([413, 200, 401, 200, 415, 400, 200]);
    expect(results.every((r) => r.connection === 'keep-alive')).toBe(true);
    expect(sockets).toBe(1);
  });

  it('answers a body too big to drain with Connection: close and ends that connection cleanly, without a reset', async () => {
    const huge = Buffer.alloc(3 * 1024 * 1024, 'x');
    const connection = await rawConnect(server.url);
    const answer = await connection.exchange(rawRequest('POST', '/v2/search', { host: host(), ...auth(), 'content-type': 'application/json', 'content-length': huge.length }, huge));
    expectApiError(answer, 413, 'payload_too_large');
    expect(answer.headers.connection).toBe('close');
    expect(await connection.ending(10_000)).toBe('fin');
    connection.close();
    // The same client goes on with a new connection.
    const { results } = await onOneConnection([{ method: 'GET', path: '/v2/account' }]);
    expect(results[0].status).toBe(200);
  });
});

describe('clients holding connections', () => {
  it('serves other clients while 200 sockets idle and one sends its headers a byte at a time, then cuts the slow one off', async () => {
    const idle = await Promise.all(Array.from({ length: 200 }, () => rawConnect(server.url)));
    const slow = await rawConnect(server.url);
    const slowHead = rawRequest('GET', '/v2/account', { host: host(), ...auth() });
    let sent = 0;
    const drip = setInterval(() => {
      if (sent < slowHead.length - 4 && !slow.socket.destroyed) slow.socket.write(slowHead.subarray(sent, ++sent));
    }, 100);
    try {
      for (let i = 0; i < 5; i++) {
        const { results } = await onOneConnection([{ method: 'GET', path: '/v2/account' }]);
        expect(results[0].status).toBe(200);
      }
      // The slow client never finishes its headers: the server answers 408 and closes.
      const ended = await slow.ending(HEADERS_TIMEOUT_MS * 10);
      expect(ended).not.toBe('timeout');
    } finally {
      clearInterval(drip);
      slow.close();
      for (const connection of idle) connection.close();
    }
  });
});
