'use client';

import { useSyncExternalStore } from 'react';

// What this tab's own writes set (a like, a retweet, a follow), by `like:<tweet id>`,
// `retweet:<tweet id>`, `follow:<username>`. The explorer keeps paid pages in its cache and
// never refetches them on its own, so a card shown again from that cache still carries the
// `viewer` of before the write: the write's own result is the newer truth.
const states = new Map<string, boolean>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Records the state a write of this tab has just set. */
export function setWrittenState(key: string, on: boolean): void {
  states.set(key, on);
  for (const listener of listeners) listener();
}

/** The state this tab's last write set for `key`, or undefined when it wrote none. */
export function useWrittenState(key: string): boolean | undefined {
  return useSyncExternalStore(
    subscribe,
    () => states.get(key),
    () => undefined,
  );
}
