import WebSocket from 'ws';
import type { PostRecord } from '../map-records';
import { MONITORED_COLLECTIONS, POST_COLLECTION, type StreamAccountChange, type StreamEvent, type StreamHandlers, type StreamConnection, type StreamRecordChange } from './stream-events';

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
  commit?: { rev?: unknown; operation?: unknown; collection?: unknown; rkey?: unknown; record?: unknown };
  account?: { active?: unknown; seq?: unknown; status?: unknown };
};

const OPERATIONS: readonly unknown[] = ['create', 'update', 'delete'];

// A follow or profile record's change (the monitors'), when the message is one.
function recordChange(message: JetstreamMessage): StreamRecordChange | undefined {
  const { commit } = message;
  if (message.kind !== 'commit' || !commit || typeof message.did !== 'string' || typeof commit.rkey !== 'string') return undefined;
  if (!MONITORED_COLLECTIONS.includes(commit.collection as string) || !OPERATIONS.includes(commit.operation)) return undefined;
  const record = typeof commit.record === 'object' && commit.record !== null ? (commit.record as Record<string, unknown>) : null;
  if (commit.operation !== 'delete' && !record) return undefined;
  return {
    did: message.did,
    collection: commit.collection as string,
    rkey: commit.rkey,
    operation: commit.operation as StreamRecordChange['operation'],
    rev: typeof commit.rev === 'string' ? commit.rev : '',
    record: commit.operation === 'delete' ? null : record,
  };
}

// An #account event (Jetstream sends them whatever the collections asked for).
function accountChange(message: JetstreamMessage): StreamAccountChange | undefined {
  const { account } = message;
  if (message.kind !== 'account' || !account || typeof message.did !== 'string' || typeof account.active !== 'boolean') return undefined;
  return { did: message.did, seq: typeof account.seq === 'number' ? account.seq : 0, active: account.active, status: typeof account.status === 'string' ? account.status : null };
}

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
  const change = recordChange(message);
  const account = accountChange(message);
  return {
    cursor: message.time_us,
    post: isNewPost ? { did: message.did as string, rkey: commit.rkey as string, record: commit.record as PostRecord } : null,
    ...(change ? { change } : {}),
    ...(account ? { account } : {}),
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
    // Only the collections some rule or monitor needs: the stream opens again when they change.
    address.searchParams.delete('wantedCollections');
    for (const collection of handlers.collections ?? [POST_COLLECTION]) address.searchParams.append('wantedCollections', collection);
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
