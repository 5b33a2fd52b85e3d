import fs from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerApiRequest, dispatch } from '@/lib/api/dispatch';
import { getPool } from '@/lib/db/pool';
import { freePort } from '@/lib/server/free-port';
import { createHttpServer, listen } from '@/lib/server/http-server';
import { apiHandler } from '@/lib/server/web-adapter';
import { waitFor } from '../support/account-fixtures';
import { apiRequest, createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { userWithMost } from '../support/api-subjects';
import { exportSlices, type ExportSlices } from '../support/export-slices';

// GET /v2/exports/{id}/download through dispatch (the Web Response the Next route sends) and
// through server.ts's node:http fast path: the committed bytes of the file and nothing past
// them, byte ranges, gzip, the file name, nothing of another workspace's export, and a large
// file streamed rather than held in memory.

let slices: ExportSlices;
let account: ApiAccount;
let username: string;

beforeAll(async () => {
  slices = await exportSlices();
  account = await createApiAccount({ label: 'export-download' });
  username = await userWithMost.followers();
});

afterAll(async () => {
  await expectLedgersBalanced();
  slices?.remove();
});

async function finishedExport(format: 'jsonl' | 'csv', maxItems = 40): Promise<{ id: string; bytes: Buffer }> {
  const created = await account.call('POST', '/v2/exports', { body: { operation: 'getUserFollowers', params: { username }, format, max_items: maxItems } });
  expect(created.status).toBe(200);
  const id: string = created.body.data.id;
  expect(await slices.runToEnd(id)).toBe('ended');
  const job = (await account.call('GET', `/v2/exports/${id}`)).body.data;
  expect(job.status).toBe('completed');
  const bytes = fs.readFileSync(slices.file(id, format));
  expect(job.size_bytes).toBe(bytes.length);
  return { id, bytes };
}

async function download(id: string, headers: Record<string, string> = {}, key = account.key): Promise<{ response: Response; body: Buffer }> {
  const response = await dispatch(apiRequest('GET', `/v2/exports/${id}/download`, { key, headers }));
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

describe('downloading an export', () => {
  let jsonl: { id: string; bytes: Buffer };

  beforeAll(async () => {
    jsonl = await finishedExport('jsonl');
  });

  it('sends the whole file as JSONL, named after the operation, the subject and the id', async () => {
    const { response, body } = await download(jsonl.id);
    expect(response.status).toBe(200);
    expect(body.equals(jsonl.bytes)).toBe(true);
    expect(body.toString('utf8').trimEnd().split('\n')).toHaveLength(40);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    expect(response.headers.get('content-length')).toBe(String(jsonl.bytes.length));
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="perch-getUserFollowers-${username}-${jsonl.id}.jsonl"`);
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('etag')).toBe(`"${jsonl.id}-${jsonl.bytes.length}"`);
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('x-request-id')).toMatch(/\S/);
  });

  it('sends a CSV export as text/csv', async () => {
    const csv = await finishedExport('csv', 12);
    const { response, body } = await download(csv.id);
    expect(response.status).toBe(200);
    expect(body.equals(csv.bytes)).toBe(true);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="perch-getUserFollowers-${username}-${csv.id}.csv"`);
    // A header row and one row per follower.
    expect(body.toString('utf8').trimEnd().split('\n').length).toBeGreaterThanOrEqual(13);
  });

  it('answers byte ranges with 206 and Content-Range', async () => {
    const size = jsonl.bytes.length;
    const cases: Array<[string, number, number]> = [
      ['bytes=0-99', 0, 99],
      ['bytes=100-', 100, size - 1],
      ['bytes=-50', size - 50, size - 1],
      [`bytes=${size - 10}-${size + 1000}`, size - 10, size - 1],
      [`bytes=${size - 1}-${size - 1}`, size - 1, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const { response, body } = await download(jsonl.id, { range });
      expect(response.status, range).toBe(206);
      expect(response.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/${size}`);
      expect(response.headers.get('content-length'), range).toBe(String(end - start + 1));
      expect(body.equals(jsonl.bytes.subarray(start, end + 1)), range).toBe(true);
      // A range is never compressed, whatever the client accepts.
      expect(response.headers.get('content-encoding'), range).toBeNull();
    }
    // Ranges read back to back give the file.
    const first = await download(jsonl.id, { range: 'bytes=0-999', 'accept-encoding': 'gzip' });
    const rest = await download(jsonl.id, { range: 'bytes=1000-' });
    expect(Buffer.concat([first.body, rest.body]).equals(jsonl.bytes)).toBe(true);
  });

  it('answers a range past the end with 416, the size and the error envelope', async () => {
    const size = jsonl.bytes.length;
    for (const range of [`bytes=${size}-`, `bytes=${size + 5}-${size + 10}`, 'bytes=-0']) {
      const { response, body } = await download(jsonl.id, { range });
      expect(response.status, range).toBe(416);
      expect(response.headers.get('content-range'), range).toBe(`bytes */${size}`);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('content-disposition')).toBeNull();
      const error = JSON.parse(body.toString('utf8'));
      expect(error).toMatchObject({ error: { code: 'invalid_request', details: [{ path: 'Range' }] }, meta: { request_id: expect.any(String) } });
    }
  });

  it('sends the whole file for a malformed or multiple range, and for an If-Range of another version', async () => {
    const cases: Record<string, string>[] = [{ range: 'bytes=5-1' }, { range: 'bytes=0-1,5-6' }, { range: 'lines=1-2' }, { range: 'bytes=0-9', 'if-range': '"1-1"' }];
    for (const headers of cases) {
      const { response, body } = await download(jsonl.id, headers);
      expect(response.status, JSON.stringify(headers)).toBe(200);
      expect(body.equals(jsonl.bytes)).toBe(true);
    }
    const etag = (await download(jsonl.id)).response.headers.get('etag')!;
    const resumed = await download(jsonl.id, { range: 'bytes=10-19', 'if-range': etag });
    expect(resumed.response.status).toBe(206);
    expect(resumed.body.equals(jsonl.bytes.subarray(10, 20))).toBe(true);
  });

  it('gzips the file on the fly when the client takes gzip and asked no range', async () => {
    for (const accept of ['gzip', 'br, gzip;q=0.5', '*']) {
      const { response, body } = await download(jsonl.id, { 'accept-encoding': accept });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding'), accept).toBe('gzip');
      expect(response.headers.get('content-length')).toBeNull();
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(zlib.gunzipSync(body).equals(jsonl.bytes), accept).toBe(true);
    }
    const refused = await download(jsonl.id, { 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.response.headers.get('content-encoding')).toBeNull();
    expect(refused.body.equals(jsonl.bytes)).toBe(true);
  });

  it('never sends past the committed length: an unfinished export downloads its committed pages only', async () => {
    const { id, bytes } = await finishedExport('jsonl', 30);
    const lines = bytes.toString('utf8').split('\n');
    // As if only the first 10 records had been committed and a runner were writing the next page.
    const committed = Buffer.from(lines.slice(0, 10).map((line) => `${line}\n`).join(''), 'utf8');
    await getPool().query(`UPDATE exports SET status = 'running', finished_at = NULL, stop_reason = NULL, file_bytes = $2, items = 10 WHERE id = $1::bigint`, [id, committed.length]);
    fs.appendFileSync(slices.file(id), '{"uncommitted": true}\n');
    expect(fs.statSync(slices.file(id)).size).toBe(bytes.length + 22);

    const whole = await download(id);
    expect(whole.response.status).toBe(200);
    expect(whole.body.equals(committed)).toBe(true);
    expect(whole.response.headers.get('content-length')).toBe(String(committed.length));
    const gz = await download(id, { 'accept-encoding': 'gzip' });
    expect(zlib.gunzipSync(gz.body).equals(committed)).toBe(true);
    const tail = await download(id, { range: 'bytes=-40' });
    expect(tail.response.headers.get('content-range')).toBe(`bytes ${committed.length - 40}-${committed.length - 1}/${committed.length}`);
    expect(tail.body.equals(committed.subarray(committed.length - 40))).toBe(true);
    const past = await download(id, { range: `bytes=${committed.length}-` });
    expect(past.response.status).toBe(416);
    expect(past.response.headers.get('content-range')).toBe(`bytes */${committed.length}`);
    await getPool().query(`UPDATE exports SET status = 'cancelled', finished_at = now() WHERE id = $1::bigint`, [id]);
  });

  it('sends an empty file for an export with nothing committed yet', async () => {
    const created = await account.call('POST', '/v2/exports', { body: { operation: 'getUserFollowers', params: { username }, max_items: 5 } });
    const id = created.body.data.id;
    const { response, body } = await download(id);
    expect(response.status).toBe(200);
    expect(body.length).toBe(0);
    expect(response.headers.get('content-length')).toBe('0');
    const ranged = await download(id, { range: 'bytes=0-' });
    expect(ranged.response.status).toBe(416);
    expect(ranged.response.headers.get('content-range')).toBe('bytes */0');
    expect((await account.call('POST', `/v2/exports/${id}/cancel`)).status).toBe(200);
  });

  it('is a 404 with nothing of the file for another workspace, an unknown id, or a file that is gone', async () => {
    const other = await createApiAccount({ label: 'export-download-other' });
    const secret = jsonl.bytes.toString('utf8').slice(0, 40);
    const cases: Record<string, string>[] = [{}, { range: 'bytes=0-10' }, { 'accept-encoding': 'gzip' }];
    for (const headers of cases) {
      const { response, body } = await download(jsonl.id, headers, other.key);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-disposition')).toBeNull();
      const text = body.toString('utf8');
      expect(JSON.parse(text).error.code).toBe('not_found');
      expect(text).not.toContain(secret);
    }
    expect((await download('999999999999', {}, other.key)).response.status).toBe(404);
    expect((await download('not-an-id')).response.status).toBe(400);

    const lost = await finishedExport('jsonl', 3);
    fs.rmSync(slices.file(lost.id));
    const gone = await download(lost.id);
    expect(gone.response.status).toBe(404);
    expect(JSON.parse(gone.body.toString('utf8')).error.message).toMatch(/gone/);
  });

  it('is free and leaves one request-log line per download', async () => {
    const before = await account.balance();
    await download(jsonl.id);
    await download(jsonl.id, { range: 'bytes=0-0' });
    expect(await account.balance()).toBe(before);
    const { rows } = await getPool().query<{ status: number; credits: string }>(
      `SELECT status, credits::text FROM usage_events WHERE user_id = $1 AND operation = 'downloadExport' ORDER BY id DESC LIMIT 2`,
      [account.userId],
    );
    expect(rows.map((r) => [r.status, r.credits]).sort()).toEqual([[200, '0'], [206, '0']]);
  });
});

/** A GET over node:http as the bytes arrive (no decoding), each chunk handed to `onChunk` rather than kept. */
function rawGet(url: string, headers: Record<string, string>, onChunk?: (chunk: Buffer) => void): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => (onChunk ? onChunk(chunk) : chunks.push(chunk)));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('downloading through the node:http fast path', () => {
  let server: http.Server;
  let base: string;
  let file: { id: string; bytes: Buffer };

  beforeAll(async () => {
    server = createHttpServer([{ prefix: '/v2', handle: apiHandler(answerApiRequest) }], (_req, res) => {
      res.writeHead(404).end();
    });
    const port = await freePort();
    await listen(server, port, '127.0.0.1');
    base = `http://127.0.0.1:${port}`;
    file = await finishedExport('jsonl', 25);
  });

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  const url = (id: string) => `${base}/v2/exports/${id}/download`;
  const auth = () => ({ authorization: `Bearer ${account.key}` });

  it('sends the file with its length, a range, and gzip chunked', async () => {
    const whole = await rawGet(url(file.id), auth());
    expect(whole.status).toBe(200);
    expect(whole.headers['content-length']).toBe(String(file.bytes.length));
    expect(whole.headers['content-disposition']).toBe(`attachment; filename="perch-getUserFollowers-${username}-${file.id}.jsonl"`);
    expect(whole.body.equals(file.bytes)).toBe(true);

    const part = await rawGet(url(file.id), { ...auth(), range: 'bytes=7-106' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 7-106/${file.bytes.length}`);
    expect(part.body.equals(file.bytes.subarray(7, 107))).toBe(true);

    const gz = await rawGet(url(file.id), { ...auth(), 'accept-encoding': 'gzip, deflate' });
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-length']).toBeUndefined();
    expect(gz.headers['transfer-encoding']).toBe('chunked');
    expect(zlib.gunzipSync(gz.body).equals(file.bytes)).toBe(true);

    const past = await rawGet(url(file.id), { ...auth(), range: `bytes=${file.bytes.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${file.bytes.length}`);
  });

  it('streams a 256 MB file without holding it: the process grows far less than the file', async () => {
    const big = await finishedExport('jsonl', 2);
    const size = 256 * 1024 * 1024;
    // Sparse: the committed length is what matters, not what the bytes are.
    fs.truncateSync(slices.file(big.id), size);
    await getPool().query('UPDATE exports SET file_bytes = $2 WHERE id = $1::bigint', [big.id, size]);
    const measure = async (read: (onChunk: (chunk: Buffer) => void) => Promise<void>) => {
      global.gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      let received = 0;
      let first = Buffer.alloc(0);
      await read((chunk) => {
        if (first.length === 0) first = Buffer.from(chunk.subarray(0, 16));
        received += chunk.length;
        peak = Math.max(peak, process.memoryUsage().rss);
      });
      return { received, growth: peak - before, first };
    };
    const viaNode = await measure(async (onChunk) => {
      const answer = await rawGet(url(big.id), auth(), onChunk);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-length']).toBe(String(size));
    });
    expect(viaNode.received).toBe(size);
    expect(viaNode.first.equals(big.bytes.subarray(0, 16))).toBe(true);
    expect(viaNode.growth).toBeLessThan(size / 2);

    const viaWeb = await measure(async (onChunk) => {
      const response = await dispatch(apiRequest('GET', `/v2/exports/${big.id}/download`, { key: account.key }));
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) onChunk(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    });
    expect(viaWeb.received).toBe(size);
    expect(viaWeb.growth).toBeLessThan(size / 2);

    // A client that leaves mid-download: the server closes the file (no descriptor left open on it).
    const path = fs.realpathSync(slices.file(big.id));
    const holding = () => fs.readdirSync('/proc/self/fd').some((fd) => {
      try {
        return fs.readlinkSync(`/proc/self/fd/${fd}`) === path;
      } catch {
        return false;
      }
    });
    await new Promise<void>((resolve, reject) => {
      const request = http.get(url(big.id), { headers: auth() }, (res) => {
        res.once('data', () => {
          expect(holding()).toBe(true);
          request.destroy();
          resolve();
        });
      });
      request.on('error', () => undefined);
      setTimeout(() => reject(new Error('no data')), 30_000).unref();
    });
    await waitFor(() => !holding(), 10_000);
  });
});
