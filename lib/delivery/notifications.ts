import { EventEmitter } from 'node:events';
import pg from 'pg';

// One LISTEN connection per process, shared by the matcher, the credit watcher and every open
// stream. Kept on globalThis because Next.js may load this module more than once.
type Listener = { client: pg.Client | null; connecting: Promise<void> | null; channels: Set<string>; events: EventEmitter; closed: boolean };
const globalForListener = globalThis as typeof globalThis & { perchListener?: Listener };

function listener(): Listener {
  globalForListener.perchListener ??= { client: null, connecting: null, channels: new Set(), events: new EventEmitter().setMaxListeners(0), closed: false };
  return globalForListener.perchListener;
}

async function connect(state: Listener): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL, application_name: 'perch-listen' });
  client.on('notification', (message) => state.events.emit(message.channel, message.payload ?? ''));
  client.on('error', (error) => {
    console.error(`[realtime] LISTEN connection lost: ${error.message}`);
    state.client = null;
    void client.end().catch(() => {});
    // Whatever was notified while disconnected is still queued in tables: "reconnected" tells
    // every subscriber to catch up from there.
    if (!state.closed) setTimeout(() => void ensureConnected(state).then(() => state.events.emit('reconnected')).catch(() => {}), 1_000).unref();
  });
  await client.connect();
  for (const channel of state.channels) await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
  state.client = client;
}

async function ensureConnected(state: Listener): Promise<void> {
  if (state.client) return;
  state.connecting ??= connect(state).finally(() => {
    state.connecting = null;
  });
  return state.connecting;
}

/**
 * Calls `handler` with each notification's payload on `channel` (and with "" after the LISTEN
 * connection was lost and restored, when anything may have been missed). Resolves once
 * listening; returns the unsubscribe function.
 */
export async function subscribe(channel: string, handler: (payload: string) => void): Promise<() => void> {
  const state = listener();
  state.closed = false;
  const onReconnect = () => handler('');
  state.events.on(channel, handler);
  state.events.on('reconnected', onReconnect);
  await ensureConnected(state);
  if (!state.channels.has(channel)) {
    state.channels.add(channel);
    await state.client?.query(`LISTEN ${state.client.escapeIdentifier(channel)}`);
  }
  return () => {
    state.events.off(channel, handler);
    state.events.off('reconnected', onReconnect);
  };
}

/** Closes the LISTEN connection (shutdown, tests). */
export async function closeNotifications(): Promise<void> {
  const state = listener();
  state.closed = true;
  const client = state.client;
  state.client = null;
  state.channels.clear();
  state.events.removeAllListeners();
  await client?.end();
}
