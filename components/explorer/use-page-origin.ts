'use client';

import { useSyncExternalStore } from 'react';

const noSubscribe = () => () => undefined;

/** This page's origin in the browser; '' while rendering on the server (so nothing remote is assumed loadable). */
export function usePageOrigin(): string {
  return useSyncExternalStore(
    noSubscribe,
    () => window.location.origin,
    () => '',
  );
}
