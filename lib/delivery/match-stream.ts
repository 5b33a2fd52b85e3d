import { componentLogger } from '@/lib/observability/logger';
import { getPool } from '@/lib/db/pool';
import { isDatabaseUnavailable } from '@/lib/db/database-unavailable';
import { CHANNELS } from '@/lib/rules/record-matches';
import { holdMatchPayment } from './charge-match';
import { subscribe } from './notifications';
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

type MatchRow = { id: string; rule_id: string; tag: string; tweet: unknown; matched_at: Date; user_id: string };

const PAGE = 500;

const encoder = new TextEncoder();

/** The newest match id of a key: where a stream without Last-Event-ID starts (new matches only). */
export async function latestMatchId(keyId: string): Promise<string> {
  const { rows } = await getPool().query<{ id: string | null }>('SELECT max(id)::text AS id FROM realtime_matches WHERE key_id = $1', [keyId]);
  return rows[0].id ?? '0';
}

/**
 * A Server-Sent Events body of a key's matches after `afterId`, oldest first: replayed from the
 * table within the retention window, then pushed as the matcher's notifications arrive.
 * Each event's id is the match id (Last-Event-ID resumes after it). A match is paid for once,
 * on its first delivery on any channel; when the account cannot pay, the stream ends with an
 * `error` event and the rules are paused for credits. `onClose` runs once when the stream ends,
 * however it ends (the client left, an error, the server ending it): the stream's slot is given back.
 */
export function matchStream(keyId: string, afterId: string, signal: AbortSignal, onClose: () => void = () => {}): ReadableStream<Uint8Array> {
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
    const { rows } = await getPool().query<MatchRow>(
      `SELECT m.id::text, m.rule_id::text, r.tag, m.tweet, m.matched_at, m.user_id FROM realtime_matches m JOIN realtime_rules r ON r.id = m.rule_id
       WHERE m.key_id = $1 AND m.id > $2::bigint AND m.matched_at > now() - $3 * interval '1 hour' ORDER BY m.id LIMIT ${PAGE}`,
      [keyId, lastId, STREAM_SETTINGS.retentionHours],
    );
    for (const row of rows) {
      if (closed) return 0;
      const payment = await holdMatchPayment({ matchId: row.id, userId: row.user_id, keyId }, `stream_${row.id}`);
      if (!payment) {
        write(`event: error\ndata: ${JSON.stringify({ code: 'insufficient_credits', message: 'the balance cannot pay for more matches: rules are paused until credits are granted' })}\n\n`);
        close();
        return 0;
      }
      const event = { id: row.id, rule: { id: row.rule_id, tag: row.tag }, matched_at: row.matched_at.toISOString(), tweet: row.tweet };
      write(`id: ${row.id}\nevent: match\ndata: ${JSON.stringify(event)}\n\n`);
      await payment.settle(0);
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
          if (payload === keyId || payload === '') pump();
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
