import { componentLogger } from '@/lib/observability/logger';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { forgetLoop, reportLoopDown, reportLoopUp } from '@/lib/health/loop-health';
import { reconnectDelay } from '@/lib/db/reconnect-delay';

const log = componentLogger('realtime');

// One LISTEN connection per process, shared by the matcher, the credit watcher and every open
// stream. It is never given up: when it is lost (the database restarted, a backend was
// terminated, a ping went unanswered) it is opened again with backoff for as long as it takes,
// and LISTENs every channel again. NOTIFY is only a wake-up: what it announces is in tables
// (realtime_tweet_queue, realtime_matches, …), so subscribers are told to look there when the
// connection goes and again when it is back, and nothing notified meanwhile is lost.

/** The LISTEN connection's name in /api/health. */
export const LISTEN_LOOP = 'realtime';

// A connection whose peer vanished without closing it (a host gone, not a process) is noticed
// by an unanswered ping instead of hours later by TCP.
const PING_EVERY_MS = 10_000;
const PING_TIMEOUT_MS = 5_000;
const CATCH_UP = Symbol('catch up from the tables');

type Listener = {
  /** The live connection, listening to every channel in `listening`; null while there is none. */
  client: pg.Client | null;
  listening: Set<string>;
  /** Ends the live connection as lost (an unanswered ping). */
  drop: (error: Error) => void;
  attempt: Promise<boolean> | null;
  retry: NodeJS.Timeout | null;
  ping: NodeJS.Timeout | null;
  /** Failed attempts since the connection was last up: sets the backoff. */
  failures: number;
  /** Whether notifications may have been missed since the last connection was made. */
  missed: boolean;
  lastProblem: string;
  channels: Set<string>;
  events: EventEmitter;
  closed: boolean;
};
const globalForListener = globalThis as typeof globalThis & { perchListenLoop?: Listener };

function listener(): Listener {
  globalForListener.perchListenLoop ??= {
    client: null,
    listening: new Set(),
    drop: () => undefined,
    attempt: null,
    retry: null,
    ping: null,
    failures: 0,
    missed: false,
    lastProblem: '',
    channels: new Set(),
    events: new EventEmitter().setMaxListeners(0),
    closed: false,
  };
  return globalForListener.perchListenLoop;
}

/** Opens a connection and LISTENs every channel (those subscribed meanwhile too); then it is the live one. */
async function connect(state: Listener): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL, application_name: 'perch-listen', keepAlive: true, connectionTimeoutMillis: 5_000 });
  const listening = new Set<string>();
  let ended = false;
  const end = (error: Error) => {
    if (ended) return;
    ended = true;
    void client.end().catch(() => undefined);
    if (state.client === client) connectionLost(state, error);
  };
  client.on('error', end);
  client.on('end', () => end(new Error('the LISTEN connection was closed')));
  client.on('notification', (message) => state.events.emit(message.channel, message.payload ?? ''));
  try {
    await client.connect();
    for (;;) {
      const pending = [...state.channels].filter((channel) => !listening.has(channel));
      if (pending.length === 0) break;
      await client.query(pending.map((channel) => `LISTEN ${client.escapeIdentifier(channel)}`).join('; '));
      for (const channel of pending) listening.add(channel);
    }
  } catch (error) {
    end(error as Error);
    throw error;
  }
  if (ended) throw new Error('the LISTEN connection was lost while it was being opened');
  if (state.closed) {
    end(new Error('closed'));
    return;
  }
  state.client = client;
  state.listening = listening;
  state.drop = end;
}

function connectionLost(state: Listener, error: Error): void {
  state.client = null;
  state.listening = new Set();
  if (state.ping) clearInterval(state.ping);
  state.ping = null;
  if (state.closed) return;
  state.missed = true;
  if (reportLoopDown(LISTEN_LOOP, error)) log.error(`LISTEN connection lost: ${error.message}; reconnecting`);
  state.lastProblem = error.message;
  // Subscribers look at the tables at once: the matcher retries until the database answers,
  // and a stream whose query fails tells its client to reconnect later.
  state.events.emit(CATCH_UP);
  scheduleRetry(state);
}

function scheduleRetry(state: Listener): void {
  if (state.closed || state.retry || state.attempt || state.client) return;
  const delay = reconnectDelay(state.failures);
  state.retry = setTimeout(() => {
    state.retry = null;
    void attempt(state);
  }, delay);
  state.retry.unref();
}

function startPing(state: Listener, client: pg.Client): void {
  state.ping = setInterval(() => {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the LISTEN connection did not answer a ping within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
    });
    Promise.race([client.query('SELECT 1'), timedOut])
      .catch((error: Error) => {
        if (state.client === client) state.drop(error);
      })
      .finally(() => clearTimeout(timer));
  }, PING_EVERY_MS);
  state.ping.unref();
}

/** One connection attempt (joined if one is under way); on failure the next is scheduled with backoff. */
function attempt(state: Listener): Promise<boolean> {
  state.attempt ??= connect(state).then(
    () => {
      state.attempt = null;
      const client = state.client;
      if (state.closed) return false;
      if (!client) {
        // Lost again before this line ran (its loss could not schedule a retry while this attempt was under way).
        scheduleRetry(state);
        return false;
      }
      if (reportLoopUp(LISTEN_LOOP)) log.info({ failures: state.failures }, `LISTEN connection back${state.failures > 0 ? ` after ${state.failures} failed attempt(s)` : ''}`);
      state.failures = 0;
      state.lastProblem = '';
      startPing(state, client);
      if (state.missed) {
        state.missed = false;
        state.events.emit(CATCH_UP);
      }
      return true;
    },
    (error: Error) => {
      state.attempt = null;
      if (state.closed) return false;
      state.failures += 1;
      state.missed = true;
      reportLoopDown(LISTEN_LOOP, error);
      // Quiet during an outage: one line per distinct problem.
      if (error.message !== state.lastProblem) log.error({ attempt: state.failures }, `LISTEN connection failed (attempt ${state.failures}, trying again with backoff): ${error.message}`);
      state.lastProblem = error.message;
      scheduleRetry(state);
      return false;
    },
  );
  return state.attempt;
}

async function listenOnLiveConnection(state: Listener, channel: string): Promise<void> {
  const client = state.client;
  if (!client || state.listening.has(channel)) return;
  try {
    await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    if (state.client === client) state.listening.add(channel);
  } catch {
    // The connection is being lost: the next one LISTENs every channel, this one included.
  }
}

/**
 * Calls `handler` with each notification's payload on `channel`, and with "" whenever
 * notifications may have been missed (the LISTEN connection was lost, and again once it is
 * back): the handler then catches up from the tables. Resolves once listening, or, when the
 * database cannot be reached, once the first attempt failed (the connection keeps being retried
 * and the channel is listened to as soon as it is back). Returns the unsubscribe function.
 */
export async function subscribe(channel: string, handler: (payload: string) => void): Promise<() => void> {
  const state = listener();
  state.closed = false;
  const onCatchUp = () => handler('');
  state.events.on(channel, handler);
  state.events.on(CATCH_UP, onCatchUp);
  state.channels.add(channel);
  if (!state.client && !state.retry) await attempt(state);
  await listenOnLiveConnection(state, channel);
  return () => {
    state.events.off(channel, handler);
    state.events.off(CATCH_UP, onCatchUp);
  };
}

/** Closes the LISTEN connection and stops reconnecting (shutdown, tests). */
export async function closeNotifications(): Promise<void> {
  const state = listener();
  state.closed = true;
  if (state.retry) clearTimeout(state.retry);
  if (state.ping) clearInterval(state.ping);
  state.retry = null;
  state.ping = null;
  const client = state.client;
  state.client = null;
  state.listening = new Set();
  state.channels.clear();
  state.events.removeAllListeners();
  state.failures = 0;
  state.missed = false;
  state.lastProblem = '';
  forgetLoop(LISTEN_LOOP);
  await state.attempt;
  await client?.end().catch(() => undefined);
}
