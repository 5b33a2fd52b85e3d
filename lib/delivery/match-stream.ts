import { componentLogger } from '@/lib/observability/logger';
import { getPool } from '@/lib/db/pool';
import { isDatabaseUnavailable } from '@/lib/db/database-unavailable';
import { CHANNELS } from '@/lib/rules/record-matches';
import { holdMatchPayment } from './charge-match';
import { subscribe } from './notifications';
import { accountChannelPayload } from './event-store';
import { inStreamDatabaseTurn } from './stream-database-turns';
import { numberSetting } from './number-setting';

const log = componentLogger('realtime');


/** How far back a stream can resume with Last-Event-ID, and how often an idle stream says it is alive. */
export const STREAM_SETTINGS = {
  get retentionHours() {
    return numberSetting('PERCH_STREAM_RETENTION_HOURS', 24);
  },
  get heartbeatMs() {
    return numberSetting('PERCH_STREAM_HEARTBEAT_MS', 15_000);
  },
};

const PAGE = 500;

type EventRow = { id: string; event: string; rule_id: string | null; tag: string | null; tweet: unknown; data: unknown; matched_at: Date; user_id: string };

/** Whose stream: a key's, carrying its rules' events and its workspace's account events. */
export type StreamOwner = { keyId: string; userId: string };

const encoder = new TextEncoder();

/** The newest event id of a key's stream: where a stream without Last-Event-ID starts (new events only). Both reads are indexed (key_id, id) and (user_id, id) of account events. */
export async function latestMatchId(owner: StreamOwner): Promise<string> {
  const { rows } = await getPool().query<{ id: string | null }>(
    `SELECT greatest((SELECT max(id) FROM realtime_matches WHERE key_id = $1), (SELECT max(id) FROM realtime_matches WHERE user_id = $2 AND rule_id IS NULL))::text AS id`,
    [owner.keyId, owner.userId],
  );
  return rows[0].id ?? '0';
}

// A page of the key's events after an id, oldest first: its rules' events by (key_id, id), its
// workspace's account events by the partial (user_id, id) index, merged.
const PAGE_SQL = `
  SELECT * FROM (
    (SELECT m.id::text, m.event, m.rule_id::text, r.tag, m.tweet, m.data, m.matched_at, m.user_id FROM realtime_matches m JOIN realtime_rules r ON r.id = m.rule_id
     WHERE m.key_id = $1 AND m.id > $3::bigint AND m.matched_at > now() - $4 * interval '1 hour' ORDER BY m.id LIMIT ${PAGE})
    UNION ALL
    (SELECT m.id::text, m.event, NULL, NULL, NULL, m.data, m.matched_at, m.user_id FROM realtime_matches m
     WHERE m.user_id = $2 AND m.rule_id IS NULL AND m.id > $3::bigint AND m.matched_at > now() - $4 * interval '1 hour' ORDER BY m.id LIMIT ${PAGE})
  ) e ORDER BY e.id::bigint LIMIT ${PAGE}`;

/** The SSE frame of one event: "match" (as before the event store) for rule.match, else the event's type. */
function eventFrame(row: EventRow): string {
  const rule = row.rule_id === null ? null : { id: row.rule_id, tag: row.tag ?? '' };
  if (row.event === 'rule.match') {
    return `id: ${row.id}\nevent: match\ndata: ${JSON.stringify({ id: row.id, rule, matched_at: row.matched_at.toISOString(), tweet: row.tweet })}\n\n`;
  }
  return `id: ${row.id}\nevent: ${row.event}\ndata: ${JSON.stringify({ id: row.id, type: row.event, created_at: row.matched_at.toISOString(), rule, data: row.data })}\n\n`;
}

/**
 * A Server-Sent Events body of a key's events after `afterId`, oldest first (its rules' matches,
 * follow and profile events, and its workspace's account events): replayed from the event store
 * within the retention window, then pushed as notifications arrive. Each event's id is the
 * event id (Last-Event-ID resumes after it). A rule's event is paid for once,
 * on its first delivery on any channel; when the account cannot pay, the stream ends with an
 * `error` event and the rules are paused for credits. `onClose` runs once when the stream ends,
 * however it ends (the client left, an error, the server ending it): the stream's slot is given back.
 */
export function matchStream(owner: StreamOwner, afterId: string, signal: AbortSignal, onClose: () => void = () => {}): ReadableStream<Uint8Array> {
  const { keyId, userId } = owner;
  const accountEvents = accountChannelPayload(userId);
  let lastId = afterId;
  let closed = false;
  let pumping: Promise<void> | null = null;
  let again = false;
  let unsubscribe: () => void = () => {};
  let heartbeat: NodeJS.Timeout | undefined;
  let controllerRef: ReadableStreamDefaultController<Uint8Array>;

  const write = (text: string) => {
    if (!closed) controllerRef.enqueue(encoder.encode(text));
  };
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    onClose();
    try {
      controllerRef.close();
    } catch {
      // already closed by the reader going away
    }
  };

  const pumpOnce = async (): Promise<number> => {
    const { rows } = await getPool().query<EventRow>(PAGE_SQL, [keyId, userId, lastId, STREAM_SETTINGS.retentionHours]);
    for (const row of rows) {
      if (closed) return 0;
      // Account events are free; a rule's event is held at its price (charge-match.ts) and paid once.
      const payment = row.rule_id === null ? null : await holdMatchPayment({ matchId: row.id, userId: row.user_id, keyId }, `stream_${row.id}`);
      if (row.rule_id !== null && !payment) {
        write(`event: error\ndata: ${JSON.stringify({ code: 'insufficient_credits', message: 'the balance cannot pay for more matches: rules are paused until credits are granted' })}\n\n`);
        close();
        return 0;
      }
      write(eventFrame(row));
      await payment?.settle(0);
      lastId = row.id;
    }
    return rows.length;
  };

  const pump = (): void => {
    if (pumping) {
      again = true;
      return;
    }
    pumping = (async () => {
      do {
        again = false;
        // Stream queries take turns for a share of the pool (stream-database-turns.ts).
        while (!closed && (await inStreamDatabaseTurn(pumpOnce)) === PAGE);
      } while (again && !closed);
    })()
      .catch((error: Error) => {
        // The client is told to come back (EventSource reconnects by itself with Last-Event-ID)
        // rather than left on a stream that went silent: most often the database is gone.
        const unavailable = isDatabaseUnavailable(error);
        if (!unavailable) log.error({ key_id: keyId, err: error }, `stream of key ${keyId} failed: ${error.message}`);
        const message = unavailable ? 'the database is unavailable: reconnect with Last-Event-ID' : 'the stream failed: reconnect with Last-Event-ID';
        write(`event: error\ndata: ${JSON.stringify({ code: unavailable ? 'unavailable' : 'internal_error', message, retryable: true })}\n\n`);
        close();
      })
      .finally(() => {
        pumping = null;
      });
  };

  return new ReadableStream<Uint8Array>({
    async start(controller) {
      controllerRef = controller;
      // A client gone before the stream started: nothing to start (and its slot is given back).
      if (signal.aborted) return close();
      signal.addEventListener('abort', close, { once: true });
      write(`retry: 2000\n: connected to the matches of this key\n\n`);
      try {
        const stop = await subscribe(CHANNELS.matches, (payload) => {
          if (payload === keyId || payload === accountEvents || payload === '') pump();
        });
        // Closed while subscribing: close() ran before there was anything to unsubscribe.
        if (closed) return stop();
        unsubscribe = stop;
      } catch (error) {
        log.error({ key_id: keyId, err: error }, `stream of key ${keyId} could not listen: ${(error as Error).message}`);
        return close();
      }
      heartbeat = setInterval(() => write(`: heartbeat ${new Date().toISOString()}\n\n`), STREAM_SETTINGS.heartbeatMs);
      heartbeat.unref();
      pump();
    },
    cancel() {
      close();
    },
  });
}
