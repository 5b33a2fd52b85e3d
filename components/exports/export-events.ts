import { workspaceHeaders } from '@/components/dashboard/workspace-url';
import { SOURCE_HEADER, sourceOfPage } from '@/lib/dashboard/call-source';
import type { ExportRecord } from '@/lib/exports/export-record';

/** One event of GET /v2/exports/{id}/events: the export, and its rate and time left as the server measures them. */
export type ExportProgress = { export: ExportRecord; items_per_second: number | null; eta_seconds: number | null };

/** The events of one Server-Sent Events text block: its `event:` name and joined `data:` lines. */
export function parseSseBlock(block: string): { event: string; data: string } | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (line.startsWith(':') || line === '') continue; // a heartbeat comment
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length > 0 ? { event, data: data.join('\n') } : null;
}

/**
 * Follows an export's event stream through the dashboard's session mount. EventSource cannot
 * send the mount's headers, so this reads the stream with fetch. Resolves when the stream ends
 * with `end`; rejects when there is no stream to follow (not served yet, refused) or it breaks,
 * so the caller can poll instead.
 */
export async function followExportEvents(id: string, onProgress: (progress: ExportProgress) => void, signal: AbortSignal): Promise<void> {
  const response = await fetch(`/api/dashboard/v2/exports/${encodeURIComponent(id)}/events`, {
    headers: { ...workspaceHeaders(), 'x-perch-dashboard': '1', accept: 'text/event-stream', [SOURCE_HEADER]: sourceOfPage(window.location.pathname) },
    cache: 'no-store',
    signal,
  });
  if (!response.ok || !response.body || !(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    await response.body?.cancel().catch(() => undefined);
    throw new Error(`no event stream (${response.status})`);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the event stream closed before its end');
    buffer += value;
    let cut: number;
    while ((cut = buffer.search(/\r?\n\r?\n/)) !== -1) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut).replace(/^\r?\n\r?\n/, '');
      const parsed = parseSseBlock(block);
      // An `error` event (the export deleted, the server going away) ends following here: polling takes over.
      if (parsed?.event === 'error') throw new Error(`the event stream ended with an error: ${parsed.data}`);
      if (!parsed || (parsed.event !== 'progress' && parsed.event !== 'end')) continue;
      onProgress(JSON.parse(parsed.data) as ExportProgress);
      if (parsed.event === 'end') {
        await reader.cancel().catch(() => undefined);
        return;
      }
    }
  }
}
