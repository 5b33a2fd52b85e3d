import type { SeriesRow } from './pivot-series';

// The shapes and sizes of a monitor's timeline, apart from its query (get-monitor-events.ts) so the
// page's client components can import them without the database driver.

/** One stored event of a monitor (or rule) as its timeline shows it; `data` has the shapes of lib/delivery/event-data.ts. */
export type TimelineEvent = {
  id: string;
  event: string;
  /** YYYY-MM-DD HH:MM:SS UTC */
  at: string;
  data: Record<string, unknown> | null;
  /** rule.match: the tweet's author and text. */
  tweet: { id: string; author: string; text: string } | null;
};

export type MonitorTimeline = {
  events: TimelineEvent[];
  /** The id to ask for older events with (`before`), or null on the last page. */
  nextBefore: string | null;
  /** A follows monitor's first page: follows and unfollows per UTC day of the last CHART_DAYS; null otherwise. */
  daily: SeriesRow[] | null;
};

export const TIMELINE_PAGE = 20;
export const CHART_DAYS = 30;
/** The chart's series names, as its legend shows them. */
export const FOLLOW_SERIES = ['follows', 'unfollows'] as const;
