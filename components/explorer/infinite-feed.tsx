'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import type { Tweet, User } from '@perch/client';
import { errorMessage } from '@/lib/explorer/error-message';
import { PAGE_SIZE, type AnyFeed, type Feed, type FeedPage } from '@/lib/explorer/feeds';
import { AskBeforeFetch, useSpendApproval } from './ask-before-fetch';
import { useRecordCharge, useSpendingPreferences } from './credit-meter';
import { useFetchCost } from './explorer-prices';
import { PAID_QUERY } from './query-options';
import { TweetCard } from './tweet-card';
import { UserRow } from './user-row';

type ListProps<T> = { feed: Feed<T>; label: string; noun: [string, string]; emptyText: string; itemKey: (item: T) => string; renderItem: (item: T) => ReactNode };

const n = (value: number) => value.toLocaleString('en-US');
const PAGE_COUNT = PAGE_SIZE;

function FeedList<T>({ feed, label, noun, emptyText, itemKey, renderItem }: ListProps<T>) {
  const record = useRecordCharge();
  const [{ autoLoad }] = useSpendingPreferences();
  const pageCost = useFetchCost()(feed.operationId);
  const approval = useSpendApproval(JSON.stringify(feed.key), pageCost);
  const query = useInfiniteQuery({
    queryKey: ['explorer', ...feed.key],
    // No abort signal: a call the server has run is charged even if the page stops listening, so
    // it is left to finish and its result kept (and counted) rather than cancelled on unmount.
    queryFn: async ({ pageParam }): Promise<FeedPage<T>> => {
      const page = await feed.fetchPage(pageParam, {});
      record({ operationId: feed.operationId, credits: page.meta.credits_charged, items: page.items.length });
      return page;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
    ...PAID_QUERY,
    // The first page waits for a yes when it may cost more than the user's threshold; pages
    // already paid for (going back) show at once.
    enabled: approval.approved,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const sentinel = useRef<HTMLDivElement>(null);

  // Infinite scroll, when the user chose it: the next page loads as the end of the list comes
  // near the viewport. Otherwise every further page is a press of "Load more", which names its cost.
  useEffect(() => {
    const target = sentinel.current;
    if (!autoLoad || !target || !hasNextPage || isFetchingNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void fetchNextPage();
    }, { rootMargin: '300px 0px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [autoLoad, hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending && !approval.approved) {
    return <AskBeforeFetch what={label.charAt(0).toLowerCase() + label.slice(1)} operationId={feed.operationId} maxCost={pageCost} detail={`a page of ${PAGE_COUNT} ${noun[1]}`} onApprove={approval.approve} />;
  }
  if (query.isPending) {
    return (
      <p role="status" className="py-8 text-center text-sm text-slate-500 dark:text-slate-400">
        Loading {noun[1]}…
      </p>
    );
  }
  if (query.isError && !query.data) {
    return (
      <div role="alert" className="my-4 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
        {errorMessage(query.error, label.charAt(0).toLowerCase() + label.slice(1))}
        <Button variant="secondary" className="px-3 py-1" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const pages = query.data?.pages ?? [];
  const total = pages.reduce((sum, p) => sum + p.items.length, 0);
  const credits = pages.reduce((sum, p) => sum + p.meta.credits_charged, 0);
  if (total === 0) return <p className="py-8 text-center text-sm text-slate-500 dark:text-slate-400">{emptyText}</p>;
  return (
    <section aria-label={label} className="flex min-w-0 flex-col">
      <p className="pb-1 text-xs text-slate-500 dark:text-slate-400" aria-live="polite">
        {n(total)} {total === 1 ? noun[0] : noun[1]} in {pages.length} {pages.length === 1 ? 'page' : 'pages'} · {n(credits)} credits
      </p>
      {pages.map((page, i) => (
        <div key={i} data-page={i + 1} className="flex min-w-0 flex-col">
          {i > 0 && (
            <p className="border-b border-slate-200 py-1 text-center text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
              Page {i + 1} · {n(page.items.length)} {page.items.length === 1 ? noun[0] : noun[1]} · {n(page.meta.credits_charged)} credits
            </p>
          )}
          {page.items.map((item) => (
            <div key={itemKey(item)}>{renderItem(item)}</div>
          ))}
        </div>
      ))}
      <div ref={sentinel} className="flex flex-col items-center gap-2 py-4 text-sm text-slate-500 dark:text-slate-400">
        {query.isFetchNextPageError && <p role="alert" className="text-red-700 dark:text-red-400">{errorMessage(query.error)}</p>}
        {isFetchingNextPage ? (
          <p role="status">Loading page {pages.length + 1}…</p>
        ) : hasNextPage ? (
          <Button variant="secondary" className="px-3 py-1.5" onClick={() => void fetchNextPage()}>
            Load more <span className="font-normal text-slate-500 dark:text-slate-400">· up to {n(pageCost)} credits</span>
          </Button>
        ) : (
          <p>End of the list.</p>
        )}
      </div>
    </section>
  );
}

type Props = { feed: AnyFeed; label: string; emptyText: string; tweetActions?: (tweet: Tweet) => ReactNode };

/**
 * A paged list of tweets or users (useInfiniteQuery): asks before a first page dearer than the
 * user's threshold, loads further pages on "Load more" (or on scroll, if chosen), each page's
 * cost shown and added to the running total.
 */
export function InfiniteFeed({ feed, label, emptyText, tweetActions }: Props) {
  if (feed.kind === 'tweets') {
    return (
      <FeedList<Tweet>
        feed={feed.feed}
        label={label}
        noun={['tweet', 'tweets']}
        emptyText={emptyText}
        itemKey={(t) => t.id}
        renderItem={(t) => <TweetCard tweet={t} actions={tweetActions} />}
      />
    );
  }
  return <FeedList<User> feed={feed.feed} label={label} noun={['user', 'users']} emptyText={emptyText} itemKey={(u) => u.id} renderItem={(u) => <UserRow user={u} />} />;
}
