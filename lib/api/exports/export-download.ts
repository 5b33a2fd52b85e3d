import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { exportFileName, type ExportStorage } from '@/lib/exports/export-storage';
import type { ExportRow } from '@/lib/exports/export-store';
import type { ApiRequestHeaders } from '../api-request';
import { ApiError } from '../errors';
import { acceptsGzip, parseByteRange } from './byte-range';
import { exportDownloadName } from './download-name';

const CONTENT_TYPES = { jsonl: 'application/x-ndjson; charset=utf-8', csv: 'text/csv; charset=utf-8' } as const;

/**
 * A Node stream as a Web stream that reads only as fast as it is read (a Web consumer of a 1 GB
 * file holds a chunk or two, never the file); cancelling it (the client left) closes the file.
 */
function readAsWebStream(source: Readable): ReadableStream<Uint8Array> {
  const chunks = source[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(value as Buffer);
      } catch (error) {
        controller.error(error);
      }
    },
    cancel() {
      source.destroy();
    },
  });
}

function gzipped(source: Readable): Readable {
  const gzip = zlib.createGzip();
  // Either side failing or being destroyed (a cancelled download) ends both.
  pipeline(source, gzip, () => undefined);
  return gzip;
}

/** The 416 answer: the error envelope (code invalid_request, details naming Range) with the file's size in Content-Range. */
function unsatisfiable(header: string, size: number, requestId: string, latencyMs: number, headers: Record<string, string>): Response {
  const message = size === 0 ? 'the file is empty so far: no byte range can be served' : `the file has ${size} bytes so far: the range asked for starts past its end`;
  const body = {
    error: { code: 'invalid_request', message, details: [{ path: 'Range', message: `${header.slice(0, 100)} is not satisfiable: Content-Range gives the size` }] },
    meta: { request_id: requestId, latency_ms: latencyMs },
  };
  // Not an attachment: the answer is an error, not a part of the file.
  const answered: Record<string, string> = { ...headers };
  delete answered['content-disposition'];
  return new Response(JSON.stringify(body), {
    status: 416,
    headers: { ...answered, 'content-type': 'application/json; charset=utf-8', 'content-range': `bytes */${size}` },
  });
}

export type DownloadRequest = { headers: ApiRequestHeaders; requestId: string; started: number };

/**
 * The answer to a download of the export's file: only its committed bytes (the first
 * `file_bytes`; whatever a runner wrote past them is a page not yet committed, maybe never),
 * so an unfinished export downloads what it has so far. One byte range (206, Content-Range;
 * 416 past the end), or the whole file gzip'd when the client takes gzip and asked no range,
 * else with its Content-Length. Streamed from storage, never held in memory.
 */
export async function exportDownload(row: ExportRow, storage: ExportStorage, request: DownloadRequest): Promise<Response> {
  const size = Number(row.file_bytes);
  const file = exportFileName(row.id, row.format);
  const gone = () => new ApiError('not_found', `the file of export ${row.id} is gone (its storage lost it): start a new export`);
  if (size > 0) {
    const stored = await storage.size(file);
    if (stored === null || stored < size) throw gone();
  }
  const etag = `"${row.id}-${size}"`;
  const headers: Record<string, string> = {
    'content-disposition': exportDownloadName(row).contentDisposition,
    'accept-ranges': 'bytes',
    etag,
    vary: 'accept-encoding',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  };
  const rangeHeader = request.headers.get('range');
  const ifRange = request.headers.get('if-range');
  // If-Range names the file as the client had it: a range of another version would not fit
  // with what it holds, so it gets the whole file instead. Dates are not validators here.
  const range = ifRange !== null && ifRange.trim() !== etag ? ({ kind: 'whole' } as const) : parseByteRange(rangeHeader, size);
  if (range.kind === 'unsatisfiable') return unsatisfiable(rangeHeader ?? '', size, request.requestId, Math.round(performance.now() - request.started), headers);

  headers['content-type'] = CONTENT_TYPES[row.format];
  if (size === 0) return new Response(null, { status: 200, headers: { ...headers, 'content-length': '0' } });
  const start = range.kind === 'part' ? range.start : 0;
  const end = range.kind === 'part' ? range.end : size - 1;
  const source = await storage.read(file, { start, end });
  if (!source) throw gone();
  if (range.kind === 'part') {
    headers['content-range'] = `bytes ${start}-${end}/${size}`;
    headers['content-length'] = String(end - start + 1);
    return new Response(readAsWebStream(source), { status: 206, headers });
  }
  if (rangeHeader === null && acceptsGzip(request.headers.get('accept-encoding'))) {
    // Compressed as it is sent: its length is not known before the end, so none is given.
    headers['content-encoding'] = 'gzip';
    headers.etag = `"${row.id}-${size}-gzip"`;
    return new Response(readAsWebStream(gzipped(source)), { status: 200, headers });
  }
  headers['content-length'] = String(size);
  return new Response(readAsWebStream(source), { status: 200, headers });
}
