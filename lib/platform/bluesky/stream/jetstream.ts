import WebSocket from 'ws';
import type { PostRecord } from '../map-records';
import { POST_COLLECTION, type StreamEvent, type StreamHandlers, type StreamConnection } from './stream-events';

// Jetstream (github.com/bluesky-social/jetstream): the network's events as JSON over a
// WebSocket, filtered by collection. Each event carries time_us, which is also the cursor to
// replay from after a reconnect, within the instance's replay window. Replay at the exact
// boundary is not promised to be gapless, so a reconnect starts a few seconds earlier: the
// events seen again are matched again, and a (rule, tweet) already recorded is not delivered twice.

/** How far before the stored position a reconnect starts, in microseconds. */
export const JETSTREAM_REWIND_US = 5_000_000;

type JetstreamMessage = {
  did?: unknown;
  time_us?: unknown;
  kind?: unknown;
  commit?: { operation?: unknown; collection?: unknown; rkey?: unknown; record?: unknown };
};

/** A Jetstream message as a stream event; null when it has no position (not an event). */
export function parseJetstreamMessage(message: JetstreamMessage): StreamEvent | null {
  if (typeof message.time_us !== 'number' || !Number.isSafeInteger(message.time_us)) return null;
  const { commit } = message;
  const isNewPost =
    message.kind === 'commit' &&
    commit?.operation === 'create' &&
    commit.collection === POST_COLLECTION &&
    typeof commit.rkey === 'string' &&
    typeof message.did === 'string' &&
    typeof commit.record === 'object' &&
    commit.record !== null;
  return {
    cursor: message.time_us,
    post: isNewPost ? { did: message.did as string, rkey: commit.rkey as string, record: commit.record as PostRecord } : null,
  };
}

const MAX_RECONNECT_DELAY_MS = 30_000;

/** Reads new posts from a Jetstream instance (`url` is its /subscribe address), reconnecting with backoff. */
export function readJetstream(url: string, handlers: StreamHandlers): StreamConnection {
  let socket: WebSocket | null = null;
  let closed = false;
  let delay = 1_000;
  let timer: NodeJS.Timeout | undefined;

  const connect = () => {
    const address = new URL(url);
    address.searchParams.set('wantedCollections', POST_COLLECTION);
    const cursor = handlers.cursor();
    if (cursor === null) address.searchParams.delete('cursor');
    else address.searchParams.set('cursor', String(Math.max(0, cursor - JETSTREAM_REWIND_US)));
    const ws = new WebSocket(address);
    socket = ws;
    ws.on('open', () => {
      delay = 1_000;
    });
    ws.on('message', (data) => {
      let event: StreamEvent | null;
      try {
        event = parseJetstreamMessage(JSON.parse(String(data)) as JetstreamMessage);
      } catch (error) {
        handlers.onError(new Error(`Jetstream sent a message that is not JSON: ${(error as Error).message}`));
        return;
      }
      if (!event) return;
      const wait = handlers.onEvent(event);
      // Backpressure: stop reading the socket until the events taken so far are handled.
      if (wait) {
        ws.pause();
        void wait.then(() => ws.resume());
      }
    });
    ws.on('error', (error) => handlers.onError(error));
    ws.on('close', () => {
      if (socket === ws) socket = null;
      if (closed) return;
      timer = setTimeout(connect, delay);
      delay = Math.min(delay * 2, MAX_RECONNECT_DELAY_MS);
    });
  };
  connect();

  return {
    close: async () => {
      closed = true;
      clearTimeout(timer);
      const open = socket;
      if (!open) return;
      await new Promise<void>((resolve) => {
        open.once('close', () => resolve());
        open.terminate();
      });
    },
  };
}
