import { describe, expect, it } from 'vitest';
import { Perch } from '@perch/client';
import type { ExportJob, FetchLike } from '@perch/client';

// perch.exports.records() against what the real server never sends but a proxy or a slow
// network can: a Range ignored (200 with the whole file), a committed length that ends inside a
// line, and bytes split mid-character. The file and the job are scripted; everything the client
// reads of them goes through its own fetch, as in production. The real server's answers are
// tested in tests/integration/client-exports.test.ts.

type Script = { file: Buffer; job: Partial<ExportJob>; ignoreRange?: boolean; chunk?: number };

/**
 * A fetch serving GET /v2/exports/1 from `script(looks).job` and the download from its `file`,
 * in chunks of `chunk` bytes; `looks` counts the GETs of the job so far (1 on the first).
 */
function scriptedFetch(script: (looks: number) => Script): { fetch: FetchLike; ranges: Array<string | null> } {
  const ranges: Array<string | null> = [];
  let looks = 0;
  const fetch: FetchLike = async (url, init) => {
    if (url.endsWith('/v2/exports/1')) looks++;
    const { file, job, ignoreRange, chunk = 3 } = script(looks);
    if (url.endsWith('/v2/exports/1')) {
      const data = { id: '1', format: 'jsonl', status: 'running', size_bytes: file.length, ...job };
      return Response.json({ data, meta: { request_id: 'req_1' } });
    }
    const range = new Headers(init.headers).get('range');
    ranges.push(range);
    const match = /^bytes=(\d+)-(\d*)$/.exec(range ?? '');
    const part = match && !ignoreRange ? file.subarray(Number(match[1]), match[2] ? Number(match[2]) + 1 : undefined) : file;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < part.length; at += chunk) controller.enqueue(new Uint8Array(part.subarray(at, at + chunk)));
        controller.close();
      },
    });
    return new Response(body, { status: match && !ignoreRange ? 206 : 200 });
  };
  return { fetch, ranges };
}

const lines = (...records: unknown[]) => Buffer.from(records.map((record) => `${JSON.stringify(record)}\n`).join(''));

async function collect(perch: Perch): Promise<unknown[]> {
  const got: unknown[] = [];
  for await (const record of perch.exports.records('1', { intervalMs: 1 })) got.push(record);
  return got;
}

describe('perch.exports.records()', () => {
  it('skips what it read before when a proxy ignores the Range and sends the whole file', async () => {
    const whole = lines({ n: 1 }, { n: 2 }, { n: 3 });
    // First look: two records committed; second look: all three, completed.
    const { fetch, ranges } = scriptedFetch((looks) => {
      return looks === 1 ? { file: whole, job: { size_bytes: lines({ n: 1 }, { n: 2 }).length }, ignoreRange: true } : { file: whole, job: { status: 'completed' }, ignoreRange: true };
    });
    const perch = new Perch({ apiKey: 'perch_test', baseUrl: 'http://scripted', fetch });
    expect(await collect(perch)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(ranges[1]).toBe(`bytes=${lines({ n: 1 }, { n: 2 }).length}-${whole.length - 1}`);
  });

  it('holds back a line cut by the committed length until the rest arrives; decodes characters split across chunks', async () => {
    const whole = lines({ name: 'Zoë 🐦' }, { name: 'Ōtani' });
    const cut = whole.indexOf('Ōtani') + 2;
    const { fetch, ranges } = scriptedFetch((looks) => {
      if (looks === 1) return { file: whole.subarray(0, cut), job: {} };
      return { file: whole, job: { status: 'completed' } };
    });
    const perch = new Perch({ apiKey: 'perch_test', baseUrl: 'http://scripted', fetch });
    expect(await collect(perch)).toEqual([{ name: 'Zoë 🐦' }, { name: 'Ōtani' }]);
    // The second read starts after the first whole line, not where the first read stopped.
    expect(ranges).toEqual([`bytes=0-${cut - 1}`, `bytes=${whole.indexOf('\n') + 1}-${whole.length - 1}`]);
  });

  it('ends a finished export with a last line that has no newline, and reads nothing of an empty one', async () => {
    const file = Buffer.from('{"n":1}\n{"n":2}');
    const finished = new Perch({ apiKey: 'perch_test', baseUrl: 'http://scripted', fetch: scriptedFetch(() => ({ file, job: { status: 'completed' } })).fetch });
    expect(await collect(finished)).toEqual([{ n: 1 }, { n: 2 }]);
    const empty = scriptedFetch(() => ({ file: Buffer.alloc(0), job: { status: 'completed' } }));
    expect(await collect(new Perch({ apiKey: 'perch_test', baseUrl: 'http://scripted', fetch: empty.fetch }))).toEqual([]);
    expect(empty.ranges).toEqual([]);
  });
});
