import { componentLogger } from '@/lib/observability/logger';
import { isDatabaseUnavailable } from '@/lib/db/database-unavailable';
import { inStreamDatabaseTurn } from '@/lib/delivery/stream-database-turns';
import { exportRecord } from './export-record';
import { ExportRate, exportFinished } from './export-progress';
import { findExport, type ExportRow } from './export-store';

const log = componentLogger('exports');

/** How often a progress stream reads its export (PERCH_EXPORT_EVENTS_POLL_MS), and how long it stays silent before a heartbeat comment (PERCH_STREAM_HEARTBEAT_MS). */
export const EXPORT_EVENTS_SETTINGS = {
  get pollMs() {
    return positive('PERCH_EXPORT_EVENTS_POLL_MS', 1_000);
  },
  get heartbeatMs() {
    return positive('PERCH_STREAM_HEARTBEAT_MS', 15_000);
  },
};

function positive(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const encoder = new TextEncoder();

// What a client sees change: a new event is sent only when one of these moved.
const changeOf = (row: ExportRow) => [row.status, row.items, row.credits_charged, row.file_bytes, row.paused_reason, row.resume_at?.getTime(), row.estimate_items].join('|');

export type ExportProgressStreamOptions = {
  /** The workspace the export belongs to: every read is of its exports only. */
  userId: string;
  /** The client went away, or the server ends its streams (shutdown). */
  signal: AbortSignal;
  /** Runs once when the stream ends, however it ends (its stream slot is given back). */
  onClose?: () => void;
};

/**
 * Server-Sent Events of an export's progress: `progress` {export, items_per_second, eta_seconds}
 * at once and whenever the export changes, then `end` with the same data once it is completed,
 * failed or cancelled, and the stream closes. The export is read once a second (one indexed
 * SELECT, taking its turn with the other streams for the pool); a comment is sent when it has
 * been quiet for a while, so proxies keep the connection. A deleted export ends the stream with
 * `error` {code: not_found}; a lost database with `error` {code: unavailable, retryable: true}.
 */
export function exportProgressStream(first: ExportRow, options: ExportProgressStreamOptions): ReadableStream<Uint8Array> {
  const rate = new ExportRate();
  let controllerRef: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let lastChange = '';
  let lastWrite = Date.now();

  const write = (text: string) => {
    if (closed) return;
    lastWrite = Date.now();
    controllerRef.enqueue(encoder.encode(text));
  };
  const event = (name: string, data: unknown) => write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  const close = () => {
    if (closed) return;
    closed = true;
    clearTimeout(timer);
    options.signal.removeEventListener('abort', close);
    options.onClose?.();
    try {
      controllerRef.close();
    } catch {
      // already closed by the reader going away
    }
  };

  /** Sends `progress` when the export changed, or `end` (and closes) once it finished; answers whether the stream goes on. */
  const report = (row: ExportRow, always = false): boolean => {
    const progress = rate.observe(exportRecord(row), Date.now());
    const change = changeOf(row);
    if (exportFinished(progress.export)) {
      // At connect a client sees the job before it hears that it ended.
      if (always) event('progress', progress);
      event('end', progress);
      close();
      return false;
    }
    if (always || change !== lastChange) event('progress', progress);
    lastChange = change;
    return true;
  };

  const poll = async () => {
    if (closed) return;
    try {
      const row = await inStreamDatabaseTurn(() => findExport(options.userId, first.id));
      if (closed) return;
      if (!row) {
        event('error', { code: 'not_found', message: `export ${first.id} was deleted` });
        return close();
      }
      if (!report(row)) return;
      if (Date.now() - lastWrite >= EXPORT_EVENTS_SETTINGS.heartbeatMs) write(`: heartbeat ${new Date().toISOString()}\n\n`);
    } catch (error) {
      const unavailable = isDatabaseUnavailable(error);
      if (!unavailable) log.error({ export_id: first.id, err: error }, `progress stream of export ${first.id} failed: ${(error as Error).message}`);
      event('error', { code: unavailable ? 'unavailable' : 'internal_error', message: unavailable ? 'the database is unavailable: reconnect' : 'the stream failed: reconnect', retryable: true });
      return close();
    }
    schedule();
  };
  const schedule = () => {
    if (closed) return;
    timer = setTimeout(() => void poll(), EXPORT_EVENTS_SETTINGS.pollMs);
    timer.unref();
  };

  return new ReadableStream<Uint8Array>({
    start(controller) {
      controllerRef = controller;
      if (options.signal.aborted) return close();
      options.signal.addEventListener('abort', close, { once: true });
      write(`: progress of export ${first.id}\n\n`);
      if (report(first, true)) schedule();
    },
    cancel() {
      close();
    },
  });
}
