import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

// What to do with a request body the answer did not need (a 413, an early 401/400/415, a body
// on a GET). Node keeps a keep-alive connection usable only once the body was read; closing a
// socket whose input was not read makes the kernel send a reset, which can destroy the
// answer before the client reads it. So: read and discard up to a bound, or answer
// `Connection: close`, half-close, and keep discarding for a moment before closing.

/** How long a closing connection keeps swallowing what the client still sends. */
const LINGER_MS = 2_000;

/** How reading the rest of a body ended: at its end, past the limit (reading stopped), or with the client gone first. */
export type BodyOutcome = 'ended' | 'over' | 'gone';

/**
 * Reads the rest of the body as it arrives, up to `limit` bytes, handing each chunk to `keep`
 * when given. Past the limit (or when the client left) reading stops and the request is paused.
 */
export function readBodyUpTo(req: IncomingMessage, limit: number, keep?: (chunk: Buffer) => void): Promise<BodyOutcome> {
  if (req.complete && req.readableEnded) return Promise.resolve('ended');
  return new Promise<BodyOutcome>((resolve) => {
    let size = 0;
    const finish = (outcome: BodyOutcome) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      req.off('error', onClose);
      if (outcome !== 'ended') req.pause();
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) finish('over');
      else keep?.(chunk);
    };
    const onEnd = () => finish('ended');
    const onClose = () => finish(req.complete ? 'ended' : 'gone');
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
    req.on('error', onClose);
    req.resume();
  });
}

/**
 * Reads and discards the rest of the body; true once it ended within `limit` bytes, false
 * when it is longer (reading stops) or the client went away.
 */
export async function drainBody(req: IncomingMessage, limit: number): Promise<boolean> {
  return (await readBodyUpTo(req, limit)) === 'ended';
}

/**
 * Marks the response `Connection: close` and makes the close a lingering one: the server
 * half-closes after the answer and discards input until the client closes or LINGER_MS pass.
 */
export function closeAfterResponse(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('connection', 'close');
  res.shouldKeepAlive = false;
  const socket = req.socket as Socket & { destroySoon?: () => void };
  // node:http ends a `Connection: close` response with socket.destroySoon(), which closes
  // the descriptor as soon as the answer is written, unread input and all.
  socket.destroySoon = () => {
    if (socket.destroyed) return;
    socket.end();
    req.on('data', () => {});
    req.resume();
    socket.resume();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  };
}
