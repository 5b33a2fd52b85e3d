'use client';

import { useQuery } from '@tanstack/react-query';
import { Card } from '@/components/ui/card';
import type { ExportRecord } from '@/lib/exports/export-record';
import { ExportRow } from './export-row';
import { EXPORTS_QUERY_KEY, fetchExports, LIST_POLL_MS } from './exports-query';

type Props = { initial: ExportRecord[]; shown: number; canManage: boolean; workspaceSlug: string };

/** The workspace's exports, newest first, each following its own progress; what exports are for when there are none. */
export function ExportList({ initial, shown, canManage, workspaceSlug }: Props) {
  const { data, isError } = useQuery({ queryKey: EXPORTS_QUERY_KEY, queryFn: () => fetchExports(shown), initialData: initial, refetchInterval: LIST_POLL_MS });
  const exports = data ?? initial;
  return (
    <Card title="Your exports">
      {isError && <p className="mb-2 text-sm text-amber-800 dark:text-amber-200">The list could not be refreshed; showing what was last loaded.</p>}
      {exports.length === 0 ? (
        <div className="flex flex-col gap-2 py-2 text-sm text-slate-600 dark:text-slate-400" data-testid="exports-empty">
          <p className="font-medium text-slate-900 dark:text-slate-100">No exports yet.</p>
          <p>
            An export fetches a whole dataset for you — every follower of an account, a user&apos;s full timeline, every result of a search, every member of a list or
            community — page by page, as a job that survives restarts and rate limits, and hands you one JSONL or CSV file to download.
          </p>
          <p>
            {canManage
              ? 'Pick an operation above, estimate it (free), then start it. Each record is charged once, as it is written; you can cancel at any time and keep what was written.'
              : 'Your role can see and download exports; a developer, admin or owner can start them.'}
          </p>
        </div>
      ) : (
        <ul className="-my-4 divide-y divide-slate-200 dark:divide-slate-800">
          {exports.map((job) => (
            <ExportRow key={job.id} initial={job} canManage={canManage} workspaceSlug={workspaceSlug} />
          ))}
        </ul>
      )}
    </Card>
  );
}
