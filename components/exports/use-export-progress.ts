'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ExportRecord } from '@/lib/exports/export-record';
import { addSample, etaSeconds, itemsPerSecond, type RateSample } from '@/lib/exports/export-rate';
import { isUnfinished } from '@/lib/exports/export-words';
import { followExportEvents } from './export-events';
import { exportQueryKey, fetchExport, POLL_MS } from './exports-query';

export type Progress = { job: ExportRecord; itemsPerSecond: number | null; etaSeconds: number | null; live: 'events' | 'polling' | null };

/**
 * An export as it is now, with its rate and time left: from its event stream while the server
 * serves one, else polled every POLL_MS with the rate measured here. Finished exports are not asked.
 */
export function useExportProgress(initial: ExportRecord): Progress {
  const client = useQueryClient();
  const key = exportQueryKey(initial.id);
  const [mode, setMode] = useState<'events' | 'polling'>('events');
  const [served, setServed] = useState<{ rate: number | null; eta: number | null } | null>(null);
  const { data, dataUpdatedAt } = useQuery({
    queryKey: key,
    queryFn: () => fetchExport(initial.id),
    initialData: initial,
    refetchInterval: (query) => (mode === 'polling' && query.state.data && isUnfinished(query.state.data.status) ? POLL_MS : false),
  });
  const job = data ?? initial;
  const unfinished = isUnfinished(job.status);

  // The event stream, once per unfinished export; anything wrong with it falls back to polling.
  useEffect(() => {
    if (!unfinished || mode !== 'events') return;
    const abort = new AbortController();
    followExportEvents(
      initial.id,
      (progress) => {
        client.setQueryData(key, progress.export);
        setServed({ rate: progress.items_per_second, eta: progress.eta_seconds });
      },
      abort.signal,
    ).catch(() => {
      if (!abort.signal.aborted) setMode('polling');
    });
    return () => abort.abort();
    // key is derived from the id.
  }, [initial.id, unfinished, mode, client]);

  // Polled: the rate over the counts seen in the last half minute.
  const samples = useRef<RateSample[]>([]);
  const [measured, setMeasured] = useState<number | null>(null);
  useEffect(() => {
    if (mode !== 'polling') return;
    samples.current = addSample(samples.current, { at: dataUpdatedAt || Date.now(), items: job.items });
    setMeasured(itemsPerSecond(samples.current));
  }, [mode, job.items, dataUpdatedAt]);

  if (!unfinished) return { job, itemsPerSecond: null, etaSeconds: null, live: null };
  if (mode === 'events' && served) return { job, itemsPerSecond: served.rate, etaSeconds: served.eta, live: 'events' };
  const total = job.estimate?.items ?? null;
  return { job, itemsPerSecond: measured, etaSeconds: etaSeconds(job.items, total, measured), live: 'polling' };
}
