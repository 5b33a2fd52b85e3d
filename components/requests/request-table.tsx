import { NUM_CLASSES, TABLE_CLASSES, TD_CLASSES, TH_CLASSES, TableScroll } from '@/components/ui/table-scroll';
import { callerName } from '@/lib/dashboard/call-source';
import { formatDateTime, formatNumber } from '@/lib/dashboard/format';
import type { LoggedRequest } from '@/lib/dashboard/request-log';
import { StatusBadge } from './status-badge';

/** One page of the request log; a request id opens that call's detail (keeping the filters). */
export function RequestTable({ requests, linkParams }: { requests: LoggedRequest[]; linkParams: URLSearchParams }) {
  if (requests.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No calls match these filters.</p>;
  const detailHref = (requestId: string) => {
    const params = new URLSearchParams(linkParams);
    params.set('request_id', requestId);
    return `/dashboard/requests?${params}`;
  };
  return (
    <TableScroll label="Request log">
      <table className={TABLE_CLASSES}>
        <thead>
          <tr>
            <th scope="col" className={TH_CLASSES}>Time</th>
            <th scope="col" className={TH_CLASSES}>Key</th>
            <th scope="col" className={TH_CLASSES}>Operation</th>
            <th scope="col" className={TH_CLASSES}>Status</th>
            <th scope="col" className={`${TH_CLASSES} ${NUM_CLASSES}`}>Items</th>
            <th scope="col" className={`${TH_CLASSES} ${NUM_CLASSES}`}>Credits</th>
            <th scope="col" className={`${TH_CLASSES} ${NUM_CLASSES}`}>Latency</th>
            <th scope="col" className={TH_CLASSES}>Request id</th>
          </tr>
        </thead>
        <tbody>
          {requests.map((r) => (
            <tr key={r.requestId} data-request-id={r.requestId}>
              <td className={`${TD_CLASSES} whitespace-nowrap`}>
                <time dateTime={r.at}>{formatDateTime(r.at)}</time>
              </td>
              <td className={TD_CLASSES}>{callerName(r.keyName, r.source)}</td>
              <td className={`${TD_CLASSES} font-mono text-xs`}>{r.operation}</td>
              <td className={TD_CLASSES} title={r.errorCode ?? undefined}>
                <StatusBadge status={r.status} />
              </td>
              <td className={`${TD_CLASSES} ${NUM_CLASSES}`}>{formatNumber(r.items)}</td>
              <td className={`${TD_CLASSES} ${NUM_CLASSES}`}>{formatNumber(r.credits)}</td>
              <td className={`${TD_CLASSES} ${NUM_CLASSES}`}>{r.latencyMs} ms</td>
              <td className={`${TD_CLASSES} font-mono text-xs`}>
                <a href={detailHref(r.requestId)} className="text-brand-700 underline dark:text-brand-400">
                  {r.requestId}
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
