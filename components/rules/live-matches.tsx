'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { RecentMatch } from '@/lib/dashboard/get-recent-matches';
import { tweetHref } from '@/lib/explorer/links';
import { MATCHES_QUERY_KEY, POLL_MS, fetchMatches } from './realtime-query';

/** The account's newest matches, refreshed every couple of seconds while the page is open (free: read from the database). */
export function LiveMatches({ initialMatches, matchPrice }: { initialMatches: RecentMatch[]; matchPrice: string }) {
  const { data: matches, isError } = useQuery({ queryKey: MATCHES_QUERY_KEY, queryFn: fetchMatches, initialData: initialMatches, refetchInterval: POLL_MS });
  return (
    <div className="flex flex-col gap-2">
      <p className="text-xs text-slate-500 dark:text-slate-400">
        Updates by itself. Watching here is free; each match costs {matchPrice} once, when first delivered to a webhook or a stream.
        {isError && <span className="text-red-700 dark:text-red-400"> Could not refresh: retrying.</span>}
      </p>
      {matches.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No matches yet: they appear here as tweets match your active rules.</p>
      ) : (
        <ol role="log" aria-label="Live matches" className="flex flex-col divide-y divide-slate-100 dark:divide-slate-800">
          {matches.map((match) => (
            <li key={match.id} className="flex flex-col gap-0.5 py-2 text-sm">
              <span className="text-xs text-slate-500 dark:text-slate-400">
                <span className="font-medium text-slate-700 dark:text-slate-300">{match.tag}</span> ·{' '}
                <Link href={tweetHref(match.tweetId)} className="text-brand-700 underline underline-offset-2 dark:text-brand-500" aria-label={`Open tweet ${match.tweetId} in the explorer`}>
                  tweet {match.tweetId}
                </Link>{' '}
                · {match.matchedAt} UTC ·{' '}
                {match.requestId ? (
                  <Link href={`/dashboard/requests?request_id=${encodeURIComponent(match.requestId)}`} className="text-brand-700 underline underline-offset-2 dark:text-brand-500">
                    delivery request
                  </Link>
                ) : (
                  'not delivered yet'
                )}
              </span>
              <span className="break-words">
                <span className="font-medium">@{match.author}</span> {match.text}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
