'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchJson } from '@/components/dashboard/fetch-json';
import { Button } from '@/components/ui/button';
import type { DashboardRule } from '@/lib/dashboard/get-realtime';
import type { MonitorTimeline as Timeline } from '@/lib/dashboard/monitor-timeline';
import { monitorEventLines } from '@/lib/dashboard/monitor-event-line';
import { FollowsChart } from './follows-chart';
import { POLL_MS } from './realtime-query';

function fetchTimeline(ruleId: string, before: string | null): Promise<Timeline> {
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  return fetchJson<Timeline>(`/api/dashboard/realtime/rules/${encodeURIComponent(ruleId)}/events${query}`);
}

/**
 * One monitor's events, newest first, as readable lines ("@alice followed @brand"), paged with
 * "Older events"; a follows monitor's chart above them. Polled while open, like the rest of the
 * page: read from the database, so watching is free.
 */
export function MonitorTimeline({ rule }: { rule: DashboardRule }) {
  const { data, isError, fetchNextPage, hasNextPage, isFetchingNextPage, isPending } = useInfiniteQuery({
    queryKey: ['monitor-events', rule.id],
    queryFn: ({ pageParam }) => fetchTimeline(rule.id, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
    refetchInterval: POLL_MS,
  });
  const pages = data?.pages ?? [];
  const events = pages.flatMap((page) => page.events);
  const daily = pages[0]?.daily ?? null;
  return (
    <div className="flex flex-col gap-4">
      {isError && <p className="text-sm text-red-700 dark:text-red-400">Could not refresh the events: retrying.</p>}
      {daily && <FollowsChart rows={daily} />}
      {isPending ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Loading…</p>
      ) : events.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No events yet: they appear here as they happen.</p>
      ) : (
        <ol role="log" aria-label={`Events of ${rule.tag}`} className="flex flex-col divide-y divide-slate-100 dark:divide-slate-800">
          {events.map((event) => (
            <li key={event.id} className="flex flex-col gap-0.5 py-2 text-sm">
              <span className="text-xs text-slate-500 dark:text-slate-400">
                <span className="font-mono">{event.event}</span> · {event.at} UTC
              </span>
              {monitorEventLines(event).map((line, i) => (
                <span key={i} className="break-words">
                  {line}
                </span>
              ))}
            </li>
          ))}
        </ol>
      )}
      {hasNextPage && (
        <div>
          <Button variant="secondary" className="px-2.5 py-1 text-xs" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {isFetchingNextPage ? 'Loading…' : 'Older events'}
          </Button>
        </div>
      )}
    </div>
  );
}
