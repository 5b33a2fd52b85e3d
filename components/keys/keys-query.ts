import { fetchJson } from '@/components/dashboard/fetch-json';
import type { KeySummary } from '@/lib/dashboard/list-keys';

export const KEYS_QUERY_KEY = ['keys'] as const;

/** The signed-in account's keys from the dashboard route. */
export function fetchKeys(): Promise<KeySummary[]> {
  return fetchJson<{ keys: KeySummary[] }>('/api/dashboard/keys').then((body) => body.keys);
}
