// Server-Sent Events, read from a fetch body: shared by perch.stream() and perch.exports.events().

/** One event of the stream; comments (heartbeats) are skipped. */
export type SseEvent = { id: string | null; event: string; data: string };

/** Splits an SSE body into events as they arrive. */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true }).replaceAll('\r\n', '\n');
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event: SseEvent = { id: null, event: 'message', data: '' };
        for (const line of block.split('\n')) {
          const at = line.indexOf(':');
          if (at === 0) continue; // a comment: heartbeat
          const field = at < 0 ? line : line.slice(0, at);
          const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
          if (field === 'id') event.id = value;
          else if (field === 'event') event.event = value;
          else if (field === 'data') event.data += event.data ? `\n${value}` : value;
        }
        if (event.data) yield event;
      }
    }
  } finally {
    reader.releaseLock();
  }
}
