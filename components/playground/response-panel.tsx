'use client';

import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { WriteError } from '@/components/writes/write-error';
import type { CallResult } from '@/lib/playground/send-call';
import { CopyButton } from './copy-button';
import { JsonTree } from './json-tree';

type Props = {
  result: CallResult;
  /** Follows meta.next_cursor with the same inputs; absent when there is no next page. */
  onNextPage?: () => void;
  sending: boolean;
};

function statusTone(status: number): string {
  if (status < 300) return 'text-emerald-700 dark:text-emerald-400';
  if (status < 500) return 'text-amber-700 dark:text-amber-400';
  return 'text-red-700 dark:text-red-400';
}

function serverLatency(json: unknown): number | null {
  const value = (json as { meta?: { latency_ms?: unknown } } | undefined)?.meta?.latency_ms;
  return typeof value === 'number' ? value : null;
}

function remaining(json: unknown): number | null {
  const value = (json as { meta?: { credits_remaining?: unknown } } | undefined)?.meta?.credits_remaining;
  return typeof value === 'number' ? value : null;
}

/** The API's error, if the answer is one: its code and readable message. */
function apiError(json: unknown): { code: string; message: string } | null {
  const error = (json as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  return error && typeof error.code === 'string' && typeof error.message === 'string' ? { code: error.code, message: error.message } : null;
}

function Figure({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{term}</dt>
      <dd className="truncate font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

/** What came back: status, timings, credits, headers and the body as a tree or raw text. */
export function ResponsePanel({ result, onNextPage, sending }: Props) {
  const [raw, setRaw] = useState(false);
  const pretty = result.json === undefined ? result.text : JSON.stringify(result.json, null, 2);
  const server = serverLatency(result.json);
  const left = remaining(result.json);
  const failure = apiError(result.json);
  return (
    <section aria-labelledby="pg-response" className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900/60">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="pg-response" className="text-base font-semibold">
          Response
        </h2>
        <div className="flex flex-wrap gap-2">
          {onNextPage && (
            <Button variant="primary" className="px-3 py-1.5" onClick={onNextPage} disabled={sending}>
              Next page →
            </Button>
          )}
          <CopyButton text={pretty} label="Copy body" />
        </div>
      </div>
      <dl aria-label="Response summary" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure term="Status">
          <span className={statusTone(result.status)} data-testid="response-status">
            {result.status}
          </span>
        </Figure>
        <Figure term="Latency">
          <span data-testid="response-latency">{result.latencyMs} ms</span>
          {server !== null && <span className="ml-1 text-xs font-normal text-slate-500">(server {server} ms)</span>}
        </Figure>
        <Figure term="Credits charged">
          <span data-testid="response-credits">{result.creditsCharged === null ? '0' : result.creditsCharged.toLocaleString('en-US')}</span>
        </Figure>
        <Figure term="Credits remaining">{left === null ? '—' : left.toLocaleString('en-US')}</Figure>
      </dl>
      {failure && (
        <div className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 dark:border-red-900 dark:bg-red-950/40" data-testid="response-error">
          <p className="font-mono text-xs text-red-800 dark:text-red-300">{failure.code}</p>
          {failure.code === 'account_not_connected' ? (
            <WriteError code={failure.code} message={failure.message} />
          ) : (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {failure.message}
            </p>
          )}
        </div>
      )}
      <details className="rounded-lg border border-slate-200 dark:border-slate-800">
        <summary className="cursor-pointer px-3 py-2 text-sm font-medium">Response headers ({result.headers.length})</summary>
        <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-1 border-t border-slate-200 px-3 py-2 font-mono text-xs dark:border-slate-800">
          {result.headers.map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="text-slate-500 dark:text-slate-400">{name}</dt>
              <dd className="break-all">{value}</dd>
            </div>
          ))}
        </dl>
      </details>
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex items-center justify-between gap-2">
          <h3 className="text-sm font-medium">Body</h3>
          {result.json !== undefined && (
            <label className="flex items-center gap-2 text-xs">
              <input type="checkbox" checked={raw} onChange={(e) => setRaw(e.target.checked)} />
              Raw JSON
            </label>
          )}
        </div>
        <div tabIndex={0} role="region" aria-label="Response body" className="max-h-[36rem] min-w-0 overflow-auto rounded-lg bg-slate-50 p-3 focus-visible:outline-2 focus-visible:outline-brand-500 dark:bg-slate-950">
          {raw || result.json === undefined ? <pre className="font-mono text-xs whitespace-pre-wrap break-all">{pretty}</pre> : <JsonTree value={result.json} label="Response body as a tree" />}
        </div>
      </div>
    </section>
  );
}
