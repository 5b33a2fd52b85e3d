'use client';

import { NUM_CLASSES, TABLE_CLASSES, TD_CLASSES, TH_CLASSES, TableScroll } from '@/components/ui/table-scroll';
import { formatDateTime, formatNumber } from '@/lib/dashboard/format';
import type { RecentRequest } from '@/lib/dashboard/get-recent-requests';
import Link from 'next/link';
import { callerName } from '@/lib/dashboard/call-source';
import { tweetHref } from '@/lib/explorer/links';

function StatusBadge({ status }: { status: number }) {
  const ok = status < 400;
  return (
    <span
      className={`rounded px-1.5 py-0.5 text-xs font-medium tabular-nums ${ok ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300' : 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300'}`}
    >
      {status}
    </span>
  );
}

/**
 * The 20 most recent calls. The page refreshes them together with its other figures
 * (PageRefresh), so the table never runs ahead of the balance and totals beside it.
 */
export function RecentRequests({ requests: data }: { requests: RecentRequest[] }) {
  if (data.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-400">No requests yet. Create an API key and make a first call to /v2.</p>;
  }
  return (
    <TableScroll label="Recent requests table">
      <table className={TABLE_CLASSES}>
        <thead>
          <tr>
            <th scope="col" className={TH_CLASSES}>Time</th>
            <th scope="col" className={TH_CLASSES}>Operation</th>
            <th scope="col" className={TH_CLASSES}>Status</th>
            <th scope="col" className={`${TH_CLASSES} ${NUM_CLASSES}`}>Items</th>
            <th scope="col" className={`${TH_CLASSES} ${NUM_CLASSES}`}>Credits</th>
            <th scope="col" className={`${TH_CLASSES} ${NUM_CLASSES}`}>Latency</th>
            <th scope="col" className={TH_CLASSES}>Key</th>
            <th scope="col" className={TH_CLASSES}>
              <span className="sr-only">Links</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.map((request) => (
            <tr key={request.requestId}>
              <td className={`${TD_CLASSES} whitespace-nowrap text-slate-600 dark:text-slate-400`}>{formatDateTime(request.at)}</td>
              <td className={`${TD_CLASSES} font-mono text-xs`}>{request.operation}</td>
              <td className={TD_CLASSES}>
                <StatusBadge status={request.status} />
              </td>
              <td className={`${TD_CLASSES} ${NUM_CLASSES}`}>{formatNumber(request.items)}</td>
              <td className={`${TD_CLASSES} ${NUM_CLASSES}`}>{formatNumber(request.credits)}</td>
              <td className={`${TD_CLASSES} ${NUM_CLASSES}`}>{request.latencyMs} ms</td>
              <td className={TD_CLASSES}>{request.keyName && request.source === 'api' ? request.keyName : <span className="text-slate-500">{callerName(request.keyName, request.source)}</span>}</td>
              <td className={`${TD_CLASSES} whitespace-nowrap text-xs`}>
                <Link href={`/dashboard/requests?request_id=${encodeURIComponent(request.requestId)}`} className="text-brand-700 underline underline-offset-2 dark:text-brand-400" aria-label={`Request ${request.requestId} in the request log`}>
                  Request
                </Link>
                {request.tweetId && (
                  <>
                    {' · '}
                    <Link href={tweetHref(request.tweetId)} className="text-brand-700 underline underline-offset-2 dark:text-brand-400" aria-label={`Tweet ${request.tweetId} in the explorer`}>
                      Tweet
                    </Link>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
