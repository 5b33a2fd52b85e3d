// Calls the dashboard makes itself (the explorer, the playground without a key, the compose
// box and the write buttons) are stored with source `playground`; everywhere the dashboard
// lists or exports calls they have this one name.

/** The name of calls made from the dashboard, where a key's name would otherwise stand. */
export const DASHBOARD_CALLS = 'Dashboard';

/** A usage event's source as shown and exported: `api` or `dashboard`. */
export function sourceLabel(source: string): string {
  return source === 'playground' ? 'dashboard' : source;
}
