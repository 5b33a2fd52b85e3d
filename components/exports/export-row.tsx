'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { formatDateTime } from '@/lib/dashboard/format';
import type { ExportRecord } from '@/lib/exports/export-record';
import { durationWords, endSentence, isUnfinished, pauseSentence, sizeWords } from '@/lib/exports/export-words';
import { downloadHref } from './download-href';
import { cancelExport, deleteExport, EXPORTS_QUERY_KEY, exportQueryKey } from './exports-query';
import { ProgressBar } from './progress-bar';
import { useExportProgress } from './use-export-progress';

const number = (n: number) => n.toLocaleString('en-US');

const STATUS_STYLES: Record<ExportRecord['status'], string> = {
  queued: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  running: 'bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-brand-500',
  paused: 'bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
  completed: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  failed: 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200',
  cancelled: 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-400',
};

/** The operation's inputs as one line: `username=alice · filter=verified`. */
function paramsLine(params: Record<string, unknown>): string {
  const parts = Object.entries(params)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([name, value]) => `${name}=${Array.isArray(value) ? value.join(',') : String(value)}`);
  return parts.length > 0 ? parts.join(' · ') : 'no inputs';
}

/** One export: what it pages, its state and progress, what it cost, and what may be done with it. */
export function ExportRow({ initial, canManage, workspaceSlug }: { initial: ExportRecord; canManage: boolean; workspaceSlug: string }) {
  const client = useQueryClient();
  const { job, itemsPerSecond, etaSeconds } = useExportProgress(initial);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const unfinished = isUnfinished(job.status);
  const total = job.estimate?.items ?? null;
  // Done is 100% whatever the estimate said (accounts come and go while it runs).
  const ratio = job.status === 'completed' ? 1 : total && total > 0 ? job.items / total : total === 0 ? 1 : null;
  const note = pauseSentence(job) ?? endSentence(job);

  const cancel = async () => {
    setCancelling(true);
    setFailure(null);
    const answer = await cancelExport(job.id);
    setCancelling(false);
    if (!answer.ok) return setFailure(answer.message);
    client.setQueryData(exportQueryKey(job.id), answer.data);
    void client.invalidateQueries({ queryKey: EXPORTS_QUERY_KEY, exact: true });
  };

  const remove = async (): Promise<string | null> => {
    const answer = await deleteExport(job.id);
    return answer.ok ? null : answer.message;
  };

  return (
    <li className="flex min-w-0 flex-col gap-3 py-4" data-testid="export-row" data-export-id={job.id} data-status={job.status}>
      <div className="flex min-w-0 flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-sm font-medium">{job.operation}</span>
            <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLES[job.status]}`} data-testid="export-status">
              {job.status}
            </span>
            <span className="text-xs uppercase text-slate-500 dark:text-slate-400">{job.format}</span>
          </p>
          <p className="truncate font-mono text-xs text-slate-600 dark:text-slate-400" title={paramsLine(job.params)}>
            {paramsLine(job.params)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {job.size_bytes > 0 || job.status === 'completed' ? (
            <a href={downloadHref(workspaceSlug, job.id)} download className={buttonClasses('secondary', 'px-3 py-1.5')} data-testid="export-download">
              Download
            </a>
          ) : null}
          {canManage && unfinished && (
            <Button variant="secondary" className="px-3 py-1.5" onClick={() => void cancel()} disabled={cancelling}>
              {cancelling ? 'Cancelling…' : 'Cancel'}
            </Button>
          )}
          {canManage && (
            <Button variant="ghost" className="px-3 py-1.5 text-red-700 dark:text-red-400" onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          )}
        </div>
      </div>
      <ProgressBar ratio={ratio} active={unfinished} label={`Progress of export ${job.id}`} />
      <dl className="flex flex-wrap gap-x-5 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
        <div>
          <dt className="sr-only">Items</dt>
          <dd data-testid="export-items">
            <strong className="font-semibold text-slate-900 tabular-nums dark:text-slate-100">{number(job.items)}</strong>
            {total !== null ? ` of about ${number(total)}` : ''} items{ratio !== null ? ` (${Math.round(Math.min(1, ratio) * 100)}%)` : ''}
          </dd>
        </div>
        {unfinished && (
          <div>
            <dt className="sr-only">Rate</dt>
            <dd>{itemsPerSecond === null ? 'measuring rate…' : `${number(Math.round(itemsPerSecond))} items/s`}</dd>
          </div>
        )}
        {unfinished && etaSeconds !== null && (
          <div>
            <dt className="sr-only">Time left</dt>
            <dd>ETA {durationWords(etaSeconds)}</dd>
          </div>
        )}
        <div>
          <dt className="sr-only">Credits charged</dt>
          <dd>
            <span className="tabular-nums">{number(job.credits_charged)}</span> credits charged
          </dd>
        </div>
        {job.size_bytes > 0 && (
          <div>
            <dt className="sr-only">File size</dt>
            <dd>{sizeWords(job.size_bytes)}</dd>
          </div>
        )}
        <div>
          <dt className="sr-only">Started</dt>
          <dd>{formatDateTime(job.created_at)}</dd>
        </div>
      </dl>
      {note && (
        <p className={`text-sm ${job.status === 'paused' ? 'text-amber-800 dark:text-amber-200' : job.status === 'failed' ? 'text-red-700 dark:text-red-400' : 'text-slate-600 dark:text-slate-400'}`} data-testid="export-note">
          {note}
        </p>
      )}
      <FormAlert message={failure} />
      <ConfirmDialog
        open={confirmDelete}
        title="Delete this export?"
        description={`The ${job.format.toUpperCase()} file of ${number(job.items)} records and the export's record go for good${unfinished ? '; the export stops' : ''}. Credits already charged are not refunded.`}
        actionLabel="Delete export"
        pendingLabel="Deleting…"
        onConfirm={remove}
        onClose={() => setConfirmDelete(false)}
        onDone={() => {
          setConfirmDelete(false);
          client.setQueryData<ExportRecord[]>(EXPORTS_QUERY_KEY, (list) => list?.filter((e) => e.id !== job.id));
          client.removeQueries({ queryKey: exportQueryKey(job.id) });
        }}
      />
    </li>
  );
}
