import { NUM_CLASSES, TABLE_CLASSES, TD_CLASSES, TH_CLASSES, TableScroll } from '@/components/ui/table-scroll';
import { formatNumber, formatPercent } from '@/lib/dashboard/format';
import type { OperationUsage } from '@/lib/dashboard/get-usage';

/** Calls, items, credits, error rate and median latency per operation over the range. */
export function OperationsTable({ operations }: { operations: OperationUsage[] }) {
  if (operations.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No calls in this range.</p>;
  return (
    <TableScroll label="Usage by operation">
      <table className={TABLE_CLASSES}>
        <thead>
          <tr>
            <th scope="col" className={TH_CLASSES}>Operation</th>
            <th scope="col" className={TH_CLASSES}>Tag</th>
            <th scope="col" className={`${TH_CLASSES} ${NUM_CLASSES}`}>Calls</th>
            <th scope="col" className={`${TH_CLASSES} ${NUM_CLASSES}`}>Items</th>
            <th scope="col" className={`${TH_CLASSES} ${NUM_CLASSES}`}>Credits</th>
            <th scope="col" className={`${TH_CLASSES} ${NUM_CLASSES}`}>Error rate</th>
            <th scope="col" className={`${TH_CLASSES} ${NUM_CLASSES}`}>p50 latency</th>
          </tr>
        </thead>
        <tbody>
          {operations.map((o) => (
            <tr key={o.operation}>
              <th scope="row" className={`${TD_CLASSES} font-mono text-xs font-normal`}>
                {o.operation}
              </th>
              <td className={TD_CLASSES}>{o.tag}</td>
              <td className={`${TD_CLASSES} ${NUM_CLASSES}`}>{formatNumber(o.calls)}</td>
              <td className={`${TD_CLASSES} ${NUM_CLASSES}`}>{formatNumber(o.items)}</td>
              <td className={`${TD_CLASSES} ${NUM_CLASSES}`}>{formatNumber(o.credits)}</td>
              <td className={`${TD_CLASSES} ${NUM_CLASSES}`}>{formatPercent(o.errorRate)}</td>
              <td className={`${TD_CLASSES} ${NUM_CLASSES}`}>{o.p50LatencyMs === null ? '—' : `${o.p50LatencyMs} ms`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
