import { fetchJson } from '@/components/dashboard/fetch-json';
import type { RecentMatch } from '@/lib/dashboard/get-recent-matches';
import type { DeliveryStatus } from '@/lib/dashboard/delivery-status';
import type { Realtime } from '@/lib/dashboard/get-realtime';

export const REALTIME_QUERY_KEY = ['realtime'] as const;
export const MATCHES_QUERY_KEY = ['realtime-matches'] as const;

// Matches, counts and delivery outcomes change on their own while the page is open. Polling
// the dashboard's JSON routes (database reads) costs nothing; the charged stream is not used.
export const POLL_MS = 2_000;

export function realtimeQueryKey(status: DeliveryStatus | null) {
  return [...REALTIME_QUERY_KEY, status ?? 'all'] as const;
}

/** Rules with match counts, endpoints and deliveries (filtered by status) from the dashboard route. */
export function fetchRealtime(status: DeliveryStatus | null): Promise<Realtime> {
  return fetchJson<Realtime>(status ? `/api/dashboard/realtime?status=${status}` : '/api/dashboard/realtime');
}

/** The account's newest matches from the dashboard route. */
export function fetchMatches(): Promise<RecentMatch[]> {
  return fetchJson<{ matches: RecentMatch[] }>('/api/dashboard/realtime/matches').then((body) => body.matches);
}
