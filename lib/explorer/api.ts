import { Perch } from '@perch/client';
import { SOURCE_HEADER } from '@/lib/dashboard/call-source';

// Every explorer fetch goes through this one client: the typed SDK (lib/client) pointed at the
// dashboard's session mount of /v2, which charges the signed-in account (source `explorer`).

let client: Perch | undefined;

/** The explorer's client: no key (the session cookie authenticates), the dashboard's CSRF header. */
export function explorerApi(): Perch {
  client ??= new Perch({
    apiKey: null,
    baseUrl: '/api/dashboard',
    headers: { 'x-perch-dashboard': '1', [SOURCE_HEADER]: 'explorer' },
    // A read that failed with a 5xx is retried once; more would only delay the error.
    maxRetries: 1,
    timeoutMs: 30_000,
  });
  return client;
}
