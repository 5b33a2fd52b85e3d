'use client';

import { useState } from 'react';
import { fetchJson } from '@/components/dashboard/fetch-json';
import { buttonClasses } from '@/components/ui/button-styles';
import { FormAlert } from '@/components/ui/form-alert';
import type { AuditPage } from '@/lib/audit/list-audit-events';
import { AuditTable } from './audit-table';

type Props = {
  /** The first page, rendered by the server. */
  initial: AuditPage;
  /** The page's filters as a query string (no cursor): "Load more" asks for the lines after the last one shown under them. */
  query: string;
};

/** The log's lines with "Load more": older lines are fetched from the JSON route of this tab's workspace. */
export function AuditLog({ initial, query }: Props) {
  const [events, setEvents] = useState(initial.events);
  const [next, setNext] = useState(initial.next);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function loadMore() {
    if (!next) return;
    setLoading(true);
    setError(null);
    try {
      const params = new URLSearchParams(query);
      params.set('cursor', next);
      // fetchJson puts the URL in this tab's workspace (inCurrentWorkspace).
      const page = await fetchJson<AuditPage>(`/api/dashboard/audit?${params}`);
      setEvents((shown) => [...shown, ...page.events]);
      setNext(page.next);
    } catch (caught) {
      setError(`Could not load more lines: ${(caught as Error).message}`);
    } finally {
      setLoading(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <AuditTable events={events} />
      {error ? <FormAlert message={error} /> : null}
      {next ? (
        <div>
          <button type="button" onClick={loadMore} disabled={loading} className={buttonClasses('secondary', 'px-3 py-1.5')}>
            {loading ? 'Loading…' : 'Load more'}
          </button>
        </div>
      ) : events.length > 0 ? (
        <p className="text-xs text-slate-500 dark:text-slate-400">That is every line these filters select.</p>
      ) : null}
    </div>
  );
}
