'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useState, useTransition } from 'react';

const TIME = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * Refreshes everything on a page at once, so its figures never disagree: the server-rendered
 * parts (router.refresh re-runs the page's queries in one render) and every active
 * react-query query, on one interval while the tab is visible, on return to the tab, and on
 * demand. Says when the figures were last read.
 */
export function PageRefresh({ intervalMs = 10_000 }: { intervalMs?: number }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [pending, startTransition] = useTransition();
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);

  const refresh = useCallback(() => {
    startTransition(() => router.refresh());
    void queryClient.invalidateQueries({ refetchType: 'active' });
  }, [router, queryClient]);

  // The time shows once a refresh has landed (and after the first render: no clock on the server).
  useEffect(() => {
    if (!pending) setUpdatedAt(new Date());
  }, [pending]);

  useEffect(() => {
    const tick = setInterval(() => {
      if (document.visibilityState === 'visible') refresh();
    }, intervalMs);
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(tick);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refresh, intervalMs]);

  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 text-xs text-slate-500 dark:text-slate-400" data-testid="page-refresh">
      <span>
        {pending ? 'Updating…' : updatedAt ? `Updated ${TIME.format(updatedAt)}` : 'Live'} · every {Math.round(intervalMs / 1000)} s
      </span>
      <button type="button" onClick={refresh} disabled={pending} className="font-medium text-brand-700 hover:underline disabled:opacity-60 dark:text-brand-500">
        Refresh now
      </button>
    </span>
  );
}
