// One record per answered /v2 call, handed to whoever listens (metrics, the call log, traces):
// dispatch fills it as the call goes and ends it once, whatever the outcome. A listener must
// be cheap and must not throw (a throw is caught and dropped: observing never fails a call).

export type CallEnd = {
  requestId: string;
  /** The operation's id, or `unmatchedRoute` for a path or method no operation serves. */
  operation: string;
  /** The platform that served it, or null when the call was refused before one was chosen. */
  platform: string | null;
  status: number;
  /** The error code of a refused or failed call. */
  errorCode: string | null;
  /** Seconds from the request's arrival to its answer (not rounded). */
  durationSeconds: number;
  /** The key and the account (workspace) behind it; null for a call without a valid key. */
  keyId: string | null;
  accountId: string | null;
  /** `api`, `mcp`, `playground`… (lib/credits/types UsageSource), null without a caller. */
  source: string | null;
  items: number;
  credits: number;
  upstreamRequests: number;
  upstreamCached: number;
};

type Listener = (end: CallEnd) => void;

// On globalThis because Next.js loads its own copy of this module in the dashboard's process:
// a listener added by dashboard-server.ts must hear the calls its bundled dispatch answers.
const globalForCallEnd = globalThis as typeof globalThis & { perchCallListeners?: Listener[] };
const listeners: Listener[] = (globalForCallEnd.perchCallListeners ??= []);

/** Adds a listener for every call this process answers from now on; returns its removal. */
export function onCallEnd(listener: Listener): () => void {
  listeners.push(listener);
  return () => {
    const index = listeners.indexOf(listener);
    if (index >= 0) listeners.splice(index, 1);
  };
}

/** Whether anyone listens: dispatch builds no record when no one does. */
export function hasCallListeners(): boolean {
  return listeners.length > 0;
}

/** Hands one ended call to every listener. */
export function callEnded(end: CallEnd): void {
  for (const listener of listeners) {
    try {
      listener(end);
    } catch {
      // A listener's failure must not fail or slow the call it observes.
    }
  }
}
