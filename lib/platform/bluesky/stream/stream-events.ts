import type { PostRecord } from '../map-records';

// What Perch reads from a Bluesky event stream (Jetstream or the firehose), whichever it is.

/** A new app.bsky.feed.post record: its author's DID, its record key and the record. */
export type StreamPost = { did: string; rkey: string; record: PostRecord };

/**
 * One event of the stream: its position (Jetstream's time_us, the firehose's seq) and the new
 * post it carries, or null for an event Perch passes over (a delete, an identity change).
 */
export type StreamEvent = { cursor: number; post: StreamPost | null };

export type StreamHandlers = {
  /** Where to (re)connect from: the last position handled, or null to start live. */
  cursor: () => number | null;
  /** Takes an event; a returned promise asks the stream to wait for it before reading more. */
  onEvent: (event: StreamEvent) => Promise<void> | void;
  onError: (error: Error) => void;
};

/** An open stream: it reconnects by itself until closed. */
export type StreamConnection = { close: () => Promise<void> };

/** The stream's collection of posts. */
export const POST_COLLECTION = 'app.bsky.feed.post';
