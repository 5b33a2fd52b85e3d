import type { PostRecord } from '../map-records';

// What Perch reads from a Bluesky event stream (Jetstream or the firehose), whichever it is.

/** A new app.bsky.feed.post record: its author's DID, its record key and the record. */
export type StreamPost = { did: string; rkey: string; record: PostRecord };

/**
 * A change of a follow or profile record (what the account monitors read): a delete carries no
 * record, only its author and key. `rev` is the repository revision of the commit (the same on
 * Jetstream and the firehose).
 */
export type StreamRecordChange = { did: string; collection: string; rkey: string; operation: 'create' | 'update' | 'delete'; rev: string; record: Record<string, unknown> | null };

/** An #account event: the account became (in)active; status says why (takendown, suspended, deleted, deactivated). `seq` is the firehose's. */
export type StreamAccountChange = { did: string; seq: number; active: boolean; status: string | null };

/**
 * One event of the stream: its position (Jetstream's time_us, the firehose's seq) and the new
 * post it carries, or null for an event Perch passes over (a delete, an identity change); a
 * follow/profile record change or an account change when it is one (for the monitors).
 */
export type StreamEvent = { cursor: number; post: StreamPost | null; change?: StreamRecordChange; account?: StreamAccountChange };

export type StreamHandlers = {
  /** Where to (re)connect from: the last position handled, or null to start live. */
  cursor: () => number | null;
  /** Takes an event; a returned promise asks the stream to wait for it before reading more. */
  onEvent: (event: StreamEvent) => Promise<void> | void;
  onError: (error: Error) => void;
  /** The collections to ask for (Jetstream's wantedCollections; the firehose filters on its side). Posts only unless told. */
  collections?: readonly string[];
};

/** An open stream: it reconnects by itself until closed. */
export type StreamConnection = { close: () => Promise<void> };

/** The stream's collection of posts. */
export const POST_COLLECTION = 'app.bsky.feed.post';

/** The collections of follow records and of profile records (the account monitors'). */
export const FOLLOW_COLLECTION = 'app.bsky.graph.follow';
export const PROFILE_COLLECTION = 'app.bsky.actor.profile';
/** The collections whose record changes a stream event carries as `change`. */
export const MONITORED_COLLECTIONS: readonly string[] = [FOLLOW_COLLECTION, PROFILE_COLLECTION];
