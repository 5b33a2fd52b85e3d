import type { ClientConfig } from './build-request';
import { errorForStatus, type PerchErrorCode } from './errors';
import { isEventType, type EventType, type PerchEvent } from './event-types';
import type { Tweet } from './generated/api-types';
import type { FetchLike } from './send-request';
import { readEvents } from './sse';

/** One match of GET /v2/stream: a rule of this key matched a tweet. `id` resumes the stream after it. */
export type MatchEvent = { id: string; rule: { id: string; tag: string }; matched_at: string; tweet: Tweet };

export type StreamOptions = {
  /** Resume after this event id (a previous MatchEvent's id); default: only matches from now on. */
  lastEventId?: string;
  /** Ends the iteration. */
  signal?: AbortSignal;
  /** Wait before reconnecting after the connection dropped; default 1 000 ms. */
  reconnectDelayMs?: number;
};

/** perch.stream({ events }): 'all' yields every event type as a PerchEvent, a list only those types; without it, only matches (as MatchEvent). */
export type EventStreamOptions<T extends EventType = EventType> = StreamOptions & { events: 'all' | readonly T[] };

/** An SSE frame of /v2/stream read as a PerchEvent: `match` frames carry {id, rule, matched_at, tweet}, the others {id, type, created_at, rule, data}. */
export function eventOfFrame(frame: { event: string; data: string }): PerchEvent | null {
  if (frame.event === 'match') {
    const match = JSON.parse(frame.data) as MatchEvent;
    return { id: match.id, type: 'rule.match', created_at: match.matched_at, rule: match.rule, tweet: match.tweet, data: null };
  }
  // Event types newer than this client are skipped rather than yielded untyped.
  if (!isEventType(frame.event)) return null;
  const body = JSON.parse(frame.data) as { id: string; type: EventType; created_at: string; rule: { id: string; tag: string } | null; data: unknown };
  return { id: body.id, type: body.type, created_at: body.created_at, rule: body.rule, tweet: null, data: body.data } as PerchEvent;
}

/**
 * The key's matches as an async iterator that reconnects by itself with Last-Event-ID after a
 * dropped connection or a retryable `error` event (the server lost its database), so nothing is
 * lost or repeated within the server's retention window. HTTP errors (no rules, bad key, credits
 * run out) end it with the client's typed errors.
 */
export function streamMatches(config: ClientConfig, fetchImpl: FetchLike, options: StreamOptions = {}): AsyncGenerator<MatchEvent> {
  return streamFrames(config, fetchImpl, options, (frame) => (frame.event === 'match' ? (JSON.parse(frame.data) as MatchEvent) : null));
}

/** The key's events of the types asked for (every type for 'all'), typed by `type`; reconnects as streamMatches does. */
export function streamEvents<T extends EventType>(config: ClientConfig, fetchImpl: FetchLike, options: EventStreamOptions<T>): AsyncGenerator<PerchEvent<T>> {
  const wanted = options.events === 'all' ? null : new Set<string>(options.events);
  return streamFrames(config, fetchImpl, options, (frame) => {
    const event = eventOfFrame(frame);
    return event && (wanted === null || wanted.has(event.type)) ? (event as PerchEvent<T>) : null;
  });
}

/** The SSE loop of both: `pick` turns a frame into what is yielded, or null to skip it (its id still counts for resuming). */
async function* streamFrames<Item>(config: ClientConfig, fetchImpl: FetchLike, options: StreamOptions, pick: (frame: { event: string; data: string }) => Item | null): AsyncGenerator<Item> {
  let lastEventId = options.lastEventId;
  const delay = options.reconnectDelayMs ?? 1_000;
  while (!options.signal?.aborted) {
    const headers: Record<string, string> = { accept: 'text/event-stream', ...config.headers };
    if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
    if (lastEventId) headers['last-event-id'] = lastEventId;
    let response: Response;
    try {
      response = await fetchImpl(`${config.baseUrl}/v2/stream`, { headers, signal: options.signal, credentials: config.credentials });
    } catch (error) {
      if (options.signal?.aborted) return;
      await new Promise((resolve) => setTimeout(resolve, delay));
      continue;
    }
    if (!response.ok || !response.body) {
      const text = await response.text();
      let body: { error?: { code?: PerchErrorCode; message?: string; details?: unknown } } = {};
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        // not JSON: reported by status alone
      }
      if (response.status >= 500) {
        await new Promise((resolve) => setTimeout(resolve, delay));
        continue;
      }
      throw errorForStatus({
        status: response.status,
        code: body.error?.code ?? ('invalid_request' as PerchErrorCode),
        message: body.error?.message ?? `GET /v2/stream answered ${response.status}`,
        details: body.error?.details,
        requestId: response.headers.get('x-request-id'),
        headers: response.headers,
        retryAfter: Number(response.headers.get('retry-after')) || null,
      });
    }
    try {
      for await (const event of readEvents(response.body)) {
        if (event.event === 'error') {
          const problem = JSON.parse(event.data) as { code: PerchErrorCode; message: string; retryable?: boolean };
          // The server asks for a reconnect (it lost its database): resumed after the last event seen.
          if (problem.retryable) break;
          throw errorForStatus({ status: 402, code: problem.code, message: problem.message, retryAfter: null });
        }
        const item = pick(event);
        // Skipped events count too: a reconnect resumes after the last one seen, not the last one yielded.
        if (event.id) lastEventId = event.id;
        if (item !== null) yield item;
      }
    } catch (error) {
      if (options.signal?.aborted) return;
      if ((error as { status?: unknown }).status === 402) throw error;
      // The connection dropped mid-stream: reconnect after the last event seen.
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}
