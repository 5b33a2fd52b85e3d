import type { Event } from '@atproto/sync';
import type { PostRecord } from '../map-records';
import { MONITORED_COLLECTIONS, POST_COLLECTION, type StreamConnection, type StreamEvent, type StreamHandlers } from './stream-events';

// The repository firehose (com.atproto.sync.subscribeRepos) of a relay or a PDS, through
// @atproto/sync. Its cursor is the event's seq; a reconnect replays the events after it.
// Commits are read without checking their signatures (as Jetstream does): point it at a
// relay or PDS you trust.
// @atproto/sync and @atproto/identity are loaded when a firehose is opened: together about
// 11 MB of heap that every other deployment would carry (and its collector walk) for nothing.

/** The firehose's WebSocket origin for a ws(s) or http(s) service URL. */
function serviceOrigin(url: string): string {
  return url.replace(/^http(s?):/, 'ws$1:').replace(/\/+$/, '');
}

/** Reads new posts from the firehose at `url`; @atproto/sync reconnects by itself. */
export function readFirehose(url: string, handlers: StreamHandlers): StreamConnection {
  const started = startFirehose(url, handlers).catch((error: Error) => {
    handlers.onError(error);
    return null;
  });
  return {
    close: async () => (await started)?.close(),
  };
}

async function startFirehose(url: string, handlers: StreamHandlers): Promise<StreamConnection> {
  const [{ Firehose }, { IdResolver }] = await Promise.all([import('@atproto/sync'), import('@atproto/identity')]);
  // The events are handled one after another, in the stream's order. @atproto/sync takes the
  // cursor from a runner only (its getCursor option is not passed on in this version).
  let chain = Promise.resolve();
  const firehose = new Firehose({
    service: serviceOrigin(url),
    idResolver: new IdResolver(),
    unauthenticatedCommits: true,
    filterCollections: [...(handlers.collections ?? [POST_COLLECTION])],
    excludeIdentity: true,
    // #account events (no identity lookup needed) only when a monitor may want them.
    excludeAccount: !(handlers.collections ?? []).some((collection) => MONITORED_COLLECTIONS.includes(collection)),
    excludeSync: true,
    subscriptionReconnectDelay: 1_000,
    runner: {
      getCursor: () => handlers.cursor() ?? undefined,
      trackEvent: (_did: string, _seq: number, handler: () => Promise<void>) => {
        chain = chain.then(handler).catch((error: Error) => handlers.onError(error));
        return chain;
      },
    },
    handleEvent: (event: Event) => handlers.onEvent(streamEventOf(event)),
    onError: (error) => handlers.onError(error),
  });
  void firehose.start();
  return {
    close: async () => {
      await firehose.destroy();
      await chain;
    },
  };
}

/** A parsed firehose event as a stream event: a new post, a follow/profile record change, an account change. */
function streamEventOf(event: Event): StreamEvent {
  if (event.event === 'account') return { cursor: event.seq, post: null, account: { did: event.did, seq: event.seq, active: event.active, status: event.status ?? null } };
  if (event.event !== 'create' && event.event !== 'update' && event.event !== 'delete') return { cursor: event.seq, post: null };
  const post = event.event === 'create' && event.collection === POST_COLLECTION ? { did: event.did, rkey: event.rkey, record: event.record as PostRecord } : null;
  if (!MONITORED_COLLECTIONS.includes(event.collection)) return { cursor: event.seq, post };
  const record = event.event === 'delete' ? null : (event.record as Record<string, unknown>);
  return { cursor: event.seq, post, change: { did: event.did, collection: event.collection, rkey: event.rkey, operation: event.event, rev: event.rev, record } };
}
