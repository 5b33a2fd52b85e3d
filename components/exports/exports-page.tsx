'use client';

import { useQueryClient } from '@tanstack/react-query';
import type { ExportRecord } from '@/lib/exports/export-record';
import type { FieldValues, OperationView } from '@/lib/playground/types';
import { ExportForm } from './export-form';
import { ExportList } from './export-list';
import { EXPORTS_QUERY_KEY } from './exports-query';

type Props = {
  operations: OperationView[];
  initialOperationId: string;
  initialValues: FieldValues | null;
  initialExports: ExportRecord[];
  /** How many exports the list shows (the server's first page). */
  shown: number;
  canManage: boolean;
  workspaceSlug: string;
};

/** The Exports page: the form that starts one (for roles that may) above the workspace's exports. */
export function ExportsPage({ operations, initialOperationId, initialValues, initialExports, shown, canManage, workspaceSlug }: Props) {
  const client = useQueryClient();
  const onStarted = (job: ExportRecord) => {
    // Shown at once, then followed by its row.
    client.setQueryData<ExportRecord[]>(EXPORTS_QUERY_KEY, (list) => [job, ...(list ?? []).filter((e) => e.id !== job.id)]);
  };
  return (
    <div className="flex min-w-0 flex-col gap-6">
      {canManage ? (
        <section aria-labelledby="new-export-heading" className="flex min-w-0 flex-col gap-3">
          <h2 id="new-export-heading" className="text-base font-semibold">
            New export
          </h2>
          <ExportForm operations={operations} initialOperationId={initialOperationId} initialValues={initialValues} onStarted={onStarted} />
        </section>
      ) : (
        <p className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-600 dark:border-slate-800 dark:bg-slate-900/60 dark:text-slate-400">
          Your role can see and download this workspace&apos;s exports; starting, cancelling and deleting them is for developers, admins and owners.
        </p>
      )}
      <ExportList initial={initialExports} shown={shown} canManage={canManage} workspaceSlug={workspaceSlug} />
    </div>
  );
}
