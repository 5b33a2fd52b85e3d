import { z } from 'zod';
import { claimLocalStreamSlot, claimStreamSlot, SLOT_TTL_MS } from '@/lib/delivery/stream-slots';
import { STREAMS_PER_ACCOUNT, STREAMS_PER_KEY } from '@/lib/delivery/stream-limits-env';
import { findExport } from '@/lib/exports/export-store';
import { EXPORT_EVENTS_SETTINGS, exportProgressStream } from '@/lib/exports/export-progress-stream';
import { RATE_WINDOW_MS } from '@/lib/exports/export-progress';
import { exportStorage } from '@/lib/exports/storage-instance';
import { getMeter } from '@/lib/metering/meter';
import { COSTS, defineOperation } from '../define-operation';
import { ApiError } from '../errors';
import { perchIdField } from '../inputs';
import { exportDownload } from '../exports/export-download';

// The two export operations whose answers are not the JSON envelope (a file, an event stream):
// routed and documented beside GET /v2/stream, left out of the client's generated JSON calls.

const exportParams = z.object({ exportId: perchIdField });

async function ownExport(userId: string, id: string) {
  const row = await findExport(userId, id);
  if (!row) throw new ApiError('not_found', `no export ${id} in this workspace`);
  return row;
}

export const downloadExport = defineOperation({
  id: 'downloadExport',
  tag: 'Exports',
  method: 'GET',
  path: '/v2/exports/{exportId}/download',
  summary: 'Download an export’s file (JSONL or CSV), all of it or a byte range',
  description:
    'Answers the file itself, not the JSON envelope: Content-Type application/x-ndjson (JSONL, one /v2 record per line) or text/csv (docs/exports-csv.md), both UTF-8, with Content-Disposition: attachment; filename="perch-<operation>-<subject>-<id>.<jsonl|csv>" (ASCII; filename* in UTF-8 as well when the subject is not ASCII). ' +
    'Only committed pages are served: an unfinished export downloads what it has so far (size_bytes of the job), never a page that is still being written. ' +
    'Range: bytes=a-b, bytes=a- or bytes=-n (the last n) answers 206 with Content-Range: bytes a-b/size; a range starting past the end answers 416 with Content-Range: bytes */size and the JSON error envelope (code invalid_request, details [{path: "Range"}]); several ranges, or a malformed Range, get the whole file (200). ' +
    'ETag is "<id>-<size>": send it back in If-Range to resume a download only while the file is the same (otherwise the whole file comes). ' +
    'With Accept-Encoding: gzip and no Range the file is gzip-compressed as it is sent (Content-Encoding: gzip, no Content-Length); otherwise Content-Length gives its size. Accept-Ranges: bytes, Vary: Accept-Encoding. ' +
    'Another workspace’s export, or one whose file is gone, is a 404.',
  scope: 'read',
  cost: COSTS.free,
  params: exportParams,
  response: z.string().describe('The file: JSONL or CSV'),
  mediaType: 'file',
  handler: async ({ params, caller, request, requestId }) => {
    const started = performance.now();
    const row = await ownExport(caller.userId, params.exportId);
    return { data: '', response: await exportDownload(row, exportStorage(), { headers: request.headers, requestId, started }) };
  },
});

export const exportEvents = defineOperation({
  id: 'exportEvents',
  tag: 'Exports',
  method: 'GET',
  path: '/v2/exports/{exportId}/events',
  summary: 'Server-Sent Events of an export’s progress, until it ends',
  description:
    'Answers text/event-stream, not the JSON envelope. Event "progress" with data {export (the ExportJob), items_per_second, eta_seconds} at once and whenever the export changes (items, charge, size, status, pause); event "end" with the same data once it is completed, failed or cancelled, after which the server closes the stream (an EventSource would reconnect by itself: close it on "end"). ' +
    `items_per_second is the rate over the last ${RATE_WINDOW_MS / 1000} s (until then the average since the export started; 0 while paused or queued; a finished export's average over its run); eta_seconds is the time left to the estimate's items (or max_items / max_credits) at that rate, null when the total is not known (a search without caps) or the export is not running, 0 once completed. ` +
    `The export is read about every ${EXPORT_EVENTS_SETTINGS.pollMs / 1000} s (PERCH_EXPORT_EVENTS_POLL_MS); a comment line is sent when the stream has been quiet for ${EXPORT_EVENTS_SETTINGS.heartbeatMs / 1000} s (PERCH_STREAM_HEARTBEAT_MS). ` +
    'A deleted export ends the stream with an "error" event {code: "not_found", message}; a server that loses its database or shuts down ends it with an "error" event {code: "unavailable", message, retryable: true} or by closing: reconnect (the first event tells the state again). ' +
    `Each open stream counts toward the same caps as GET /v2/stream: ${STREAMS_PER_KEY} per key and ${STREAMS_PER_ACCOUNT} per account by default (PERCH_STREAMS_PER_KEY, PERCH_STREAMS_PER_ACCOUNT; one more answers 429 too_many_streams with details {scope, limit}; a dead server's slots free within ${SLOT_TTL_MS / 1000} s).`,
  scope: 'read',
  cost: COSTS.free,
  params: exportParams,
  response: z.string().describe('text/event-stream'),
  mediaType: 'text/event-stream',
  handler: async ({ params, caller, request }) => {
    const began = performance.now();
    const row = await ownExport(caller.userId, params.exportId);
    // A key's streams count across every server; a dashboard page (no key) on this one.
    const slot = caller.keyId === null ? claimLocalStreamSlot(caller.userId) : await claimStreamSlot(caller.userId, caller.keyId);
    try {
      // Past the operation's time bound the call was already answered 503: a stream started now
      // would have no reader and poll (and hold its slot) for ever.
      if (performance.now() - began > getMeter().config.operationTimeoutMs - 200) throw new ApiError('unavailable', 'the stream could not be opened in time: retry shortly');
      const body = exportProgressStream(row, { userId: caller.userId, signal: AbortSignal.any([request.signal, slot.signal]), onClose: slot.release });
      const response = new Response(body, {
        status: 200,
        headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no' },
      });
      return { data: '', response };
    } catch (error) {
      slot.release();
      throw error;
    }
  },
});

/** The export operations answered with a file or an event stream, for the registry's routed operations. */
export const EXPORT_FILE_OPERATIONS = [downloadExport, exportEvents];
