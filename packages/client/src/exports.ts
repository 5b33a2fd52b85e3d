import type { RequestOptions } from './build-request';
import { errorForStatus, ExportCancelledError, ExportFailedError, PerchError, type PerchErrorCode } from './errors';
import type { ExportEstimate, ExportJob } from './generated/api-types';
import type { InputOf, PerchResult } from './operation-types';
import { paginate, type PageLimits, type Paginator } from './paginate';
import { sleep } from './retry-policy';
import type { OperationId } from './routes';
import type { Envelope } from './send-request';
import { readEvents } from './sse';

export type { ExportEstimate, ExportJob };

/** The operations an export can page through (searchTweets, getUserFollowers, …). */
export type ExportOperation = ExportJob['operation'];

/** What POST /v2/exports (and its estimate) takes: the operation, its inputs as `params`, the format and the limits. */
export type ExportRequest = Omit<InputOf<'createExport'>, 'operation'> & { operation: ExportOperation };

/** GET /v2/exports's filters and paging: status, count (1–100, default 20), cursor. */
export type ExportListQuery = InputOf<'listExports'>;

export type DownloadOptions = RequestOptions & {
  /** Bytes `start` to `end` (inclusive; to the end when left out) of the file: a 206 with just those. */
  range?: { start: number; end?: number };
  /**
   * true asks for the file gzip'd on the wire (fetch decodes it by itself), false for it as it
   * is; left out, fetch's own Accept-Encoding applies. A Range is never gzip'd.
   */
  gzip?: boolean;
};

export type WaitOptions = {
  /** Between two looks at the export; default 1 000 ms. */
  intervalMs?: number;
  /** Stops waiting: the promise (or iteration) rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Called with the export each time it is looked at (items, credits_charged, status, paused_reason…). */
  onProgress?: (job: ExportJob) => void;
};

/** One event of GET /v2/exports/{exportId}/events: the export now, and its rate. */
export type ExportProgress = { export: ExportJob; items_per_second: number | null; eta_seconds: number | null };

/** How the exports facade reaches the API: Perch passes its own call and raw GET. */
export type ExportsTransport = {
  call(id: OperationId, pathValues: string[], input: Record<string, unknown> | undefined, options: RequestOptions): Promise<Envelope>;
  open(path: string, options: RequestOptions): Promise<Response>;
};

const FINISHED = new Set<ExportJob['status']>(['completed', 'failed', 'cancelled']);
const NEWLINE = 0x0a;

function exportPath(id: string, tail = ''): string {
  if (typeof id !== 'string' || id === '') throw new TypeError(`exportId must be a non-empty string, got ${JSON.stringify(id)}`);
  return `/v2/exports/${encodeURIComponent(id)}${tail}`;
}

/** Throws the typed error for an export that ended otherwise than completed. */
function throwUnlessCompleted(job: ExportJob): void {
  if (job.status === 'failed') throw new ExportFailedError(job);
  if (job.status === 'cancelled') throw new ExportCancelledError(job);
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

/**
 * `perch.exports`: whole result sets as jobs. Every method but download and the iterators
 * resolves to the export itself (the `data` of its answer); all of them are free.
 */
export class Exports {
  readonly #transport: ExportsTransport;

  constructor(transport: ExportsTransport) {
    this.#transport = transport;
  }

  /** Starts an export (`POST /v2/exports`): answered at once with the queued job. */
  async create(body: ExportRequest, options: RequestOptions = {}): Promise<ExportJob> {
    return (await this.#transport.call('createExport', [], body, options)).data as ExportJob;
  }

  /** What the export would return and cost (`POST /v2/exports/estimate`); items and credits are null where the source cannot tell (a search). */
  async estimate(body: ExportRequest, options: RequestOptions = {}): Promise<ExportEstimate> {
    return (await this.#transport.call('estimateExport', [], body, options)).data as ExportEstimate;
  }

  /** One export (`GET /v2/exports/{exportId}`); NotFoundError for an id of another workspace. */
  async get(id: string, options: RequestOptions = {}): Promise<ExportJob> {
    return (await this.#transport.call('getExport', [id], undefined, options)).data as ExportJob;
  }

  /** One page of the workspace's exports, newest first: `{ data, meta }`, `meta.next_cursor` for the next. */
  async list(query: ExportListQuery = {}, options: RequestOptions = {}): Promise<PerchResult<'listExports'>> {
    return (await this.#transport.call('listExports', [], query, options)) as PerchResult<'listExports'>;
  }

  /** Every export of the workspace (of a status), page after page: `for await (const job of perch.exports.listAll({ status: 'completed' }))`. */
  listAll(query: Omit<ExportListQuery, 'cursor'> = {}, limits: PageLimits & RequestOptions = {}): Paginator<ExportJob, PerchResult<'listExports'>> {
    const { maxItems, maxPages, ...options } = limits;
    return paginate((cursor, count) => this.list({ ...query, cursor, count }, options), query, { maxItems, maxPages });
  }

  /** Cancels an unfinished export; its file keeps what was written. A finished one is answered as it is. */
  async cancel(id: string, options: RequestOptions = {}): Promise<ExportJob> {
    return (await this.#transport.call('cancelExport', [id], undefined, options)).data as ExportJob;
  }

  /** Deletes an export's file and record (an unfinished one stops first). */
  async delete(id: string, options: RequestOptions = {}): Promise<{ id: string; deleted: true }> {
    return (await this.#transport.call('deleteExport', [id], undefined, options)).data as { id: string; deleted: true };
  }

  /**
   * The export's file (`GET /v2/exports/{exportId}/download`) as fetch's Response, its body
   * unread: `await response.text()`, `response.body` to stream it, or in Node
   * `Readable.fromWeb(response.body)` piped to a file. 206 with `range`. While an export runs,
   * the file holds the records written so far.
   */
  async download(id: string, options: DownloadOptions = {}): Promise<Response> {
    const { range, gzip, ...request } = options;
    const headers: Record<string, string> = { ...request.headers };
    if (range) {
      if (!Number.isInteger(range.start) || range.start < 0 || (range.end !== undefined && (!Number.isInteger(range.end) || range.end < range.start))) {
        throw new RangeError(`range must be whole byte offsets with start <= end, got ${JSON.stringify(range)}`);
      }
      headers.range = `bytes=${range.start}-${range.end ?? ''}`;
    }
    if (gzip !== undefined) headers['accept-encoding'] = gzip ? 'gzip' : 'identity';
    return this.#transport.open(exportPath(id, '/download'), { ...request, headers });
  }

  /**
   * Waits until the export finishes, looking every `intervalMs`: resolves with it completed;
   * rejects with ExportFailedError (`job.error` says why) or ExportCancelledError.
   */
  async waitFor(id: string, options: WaitOptions = {}): Promise<ExportJob> {
    const interval = options.intervalMs ?? 1_000;
    for (;;) {
      const job = await this.get(id, { signal: options.signal });
      options.onProgress?.(job);
      if (FINISHED.has(job.status)) {
        throwUnlessCompleted(job);
        return job;
      }
      await sleep(interval, options.signal);
    }
  }

  /**
   * The export's progress as it changes (`GET /v2/exports/{exportId}/events`, Server-Sent
   * Events): the export at once, then at every change, with items per second and an ETA; the
   * iteration ends after the event of its end. A dropped stream (or a server that lost its
   * database) is reopened after `reconnectDelayMs`, its first event telling the state again; a
   * deleted export throws NotFoundError.
   */
  async *events(id: string, options: { signal?: AbortSignal; reconnectDelayMs?: number } = {}): AsyncGenerator<ExportProgress> {
    for (;;) {
      const response = await this.#transport.open(exportPath(id, '/events'), { signal: options.signal, headers: { accept: 'text/event-stream' } });
      try {
        for await (const event of readEvents(response.body!)) {
          if (event.event === 'error') {
            const problem = JSON.parse(event.data) as { code: PerchErrorCode; message: string; retryable?: boolean };
            if (problem.retryable) break;
            throw errorForStatus({ status: problem.code === 'not_found' ? 404 : 400, code: problem.code, message: problem.message, retryAfter: null });
          }
          if (event.event !== 'progress' && event.event !== 'end') continue;
          yield JSON.parse(event.data) as ExportProgress;
          if (event.event === 'end') return;
        }
      } catch (error) {
        if (error instanceof PerchError || options.signal?.aborted) throw error;
        // The connection dropped mid-stream: opened again below.
      } finally {
        // Also when the caller stops iterating early: the server frees the stream's slot.
        await response.body?.cancel().catch(() => undefined);
      }
      await sleep(options.reconnectDelayMs ?? 1_000, options.signal);
    }
  }

  /**
   * The records of a JSONL export as they are written: reads the file from where it left off
   * (a Range from the last whole line read), waits `intervalMs` when nothing is new, and ends
   * once the export finished and every record was yielded, each exactly once and in order. A
   * failed or cancelled export throws its error after its last record. CSV exports have no
   * records to parse: download those.
   */
  async *records<Item = unknown>(id: string, options: WaitOptions = {}): AsyncGenerator<Item> {
    const interval = options.intervalMs ?? 1_000;
    let offset = 0;
    for (;;) {
      const job = await this.get(id, { signal: options.signal });
      if (job.format !== 'jsonl') {
        throw new PerchError({ status: null, code: 'unsupported_export_format', message: `export ${id} is ${job.format}: records() reads JSONL exports; download a ${job.format} export instead` });
      }
      options.onProgress?.(job);
      const finished = FINISHED.has(job.status);
      const before = offset;
      if (job.size_bytes > offset) {
        for await (const { line, end } of this.#linesFrom(id, offset, job.size_bytes, finished, options.signal)) {
          offset = end;
          if (line.length > 0) yield JSON.parse(line) as Item;
        }
      }
      if (finished && offset >= job.size_bytes) {
        throwUnlessCompleted(job);
        return;
      }
      // Nothing new (or only part of a line): look again later rather than at once.
      if (offset === before) await sleep(interval, options.signal);
    }
  }

  /**
   * The whole lines of the file's bytes `from`..`to` (exclusive), each with the offset just past
   * it; a last line without its newline is held back for the next read unless the export has
   * finished. Read as the bytes arrive, so a large file is never held whole.
   */
  async *#linesFrom(id: string, from: number, to: number, finished: boolean, signal: AbortSignal | undefined): AsyncGenerator<{ line: string; end: number }> {
    const response = await this.download(id, { range: { start: from, end: to - 1 }, gzip: false, signal });
    // A server (or proxy) that ignored the Range sends the whole file: skip what was read before.
    let skip = response.status === 206 ? 0 : from;
    let position = from;
    let pending: Uint8Array = new Uint8Array(0);
    const decoder = new TextDecoder();
    const reader = response.body!.getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        let chunk = value;
        if (skip > 0) {
          const dropped = Math.min(skip, chunk.length);
          chunk = chunk.subarray(dropped);
          skip -= dropped;
        }
        // Nothing past `to`: bytes beyond the committed length belong to a page not yet committed.
        chunk = chunk.subarray(0, Math.max(0, to - position - pending.length));
        pending = concat(pending, chunk);
        let start = 0;
        for (let at = pending.indexOf(NEWLINE); at >= 0; at = pending.indexOf(NEWLINE, start)) {
          const line = decoder.decode(pending.subarray(start, at));
          start = at + 1;
          yield { line, end: position + start };
        }
        position += start;
        pending = pending.subarray(start);
        if (position + pending.length >= to) break;
      }
      if (finished && pending.length > 0) yield { line: decoder.decode(pending), end: position + pending.length };
    } finally {
      await reader.cancel().catch(() => undefined);
    }
  }
}
