import { callerName } from './call-source';
import { csvLine, keysetCsvStream } from './csv';
import { decodeCursor, listRequests, type RequestLogFilters } from './request-log';

const HEADER = ['time', 'request_id', 'key_id', 'caller', 'source', 'operation', 'status', 'items', 'credits', 'latency_ms', 'error_code', 'error_message'];
const PAGE = 200;

/**
 * The request log under `filters` as a CSV stream, newest first as the page lists it, every
 * matching call (not only the page shown), read in keyset pages.
 */
export function requestLogCsv(userId: string, filters: RequestLogFilters): ReadableStream<Uint8Array> {
  return keysetCsvStream(HEADER, filters.before, async (before) => {
    const page = await listRequests(userId, { ...filters, before, limit: PAGE });
    const lines = page.requests
      .map((r) => csvLine([r.at, r.requestId, r.keyId, callerName(r.keyName, r.source), r.source, r.operation, r.status, r.items, r.credits, r.latencyMs, r.errorCode, r.errorMessage]))
      .join('');
    return { lines, next: page.next ? decodeCursor(page.next) : null };
  });
}
