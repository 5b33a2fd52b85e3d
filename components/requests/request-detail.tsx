import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { callerName, sourceName } from '@/lib/dashboard/call-source';
import { formatDateTime, formatNumber } from '@/lib/dashboard/format';
import type { LoggedRequestDetail } from '@/lib/dashboard/request-log';
import { StatusBadge } from './status-badge';

const TERM = 'text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400';

/** One call: its numbers, the parameters it was sent (secrets never stored) and the error it got. */
export function RequestDetailCard({ request }: { request: LoggedRequestDetail }) {
  const facts: Array<[string, ReactNode]> = [
    ['Time', <time key="t" dateTime={request.at}>{formatDateTime(request.at)}</time>],
    ['Key', request.keyName ?? callerName(null, request.source)],
    ['Source', sourceName(request.source)],
    ['Operation', <span key="o" className="font-mono text-xs">{request.operation}</span>],
    ['Status', <StatusBadge key="s" status={request.status} />],
    ['Items', formatNumber(request.items)],
    ['Credits', formatNumber(request.credits)],
    ['Latency', `${request.latencyMs} ms`],
  ];
  return (
    <Card title={`Request ${request.requestId}`}>
      <section aria-label="Request detail" className="flex flex-col gap-4">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-8">
          {facts.map(([term, value]) => (
            <div key={term}>
              <dt className={TERM}>{term}</dt>
              <dd className="mt-0.5 text-sm">{value}</dd>
            </div>
          ))}
        </dl>
        {request.errorCode || request.errorMessage ? (
          <div role="note" aria-label="Error" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
            <p className="font-mono text-xs font-semibold">{request.errorCode}</p>
            <p className="mt-1">{request.errorMessage}</p>
          </div>
        ) : null}
        <div>
          <h3 className={TERM}>Parameters</h3>
          {request.params ? (
            <pre className="mt-1 overflow-x-auto rounded-lg bg-slate-100 p-3 font-mono text-xs dark:bg-slate-800">{JSON.stringify(request.params, null, 2)}</pre>
          ) : (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">None sent.</p>
          )}
        </div>
      </section>
    </Card>
  );
}
