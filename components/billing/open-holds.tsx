import { NUM_CLASSES, TABLE_CLASSES, TD_CLASSES, TH_CLASSES, TableScroll } from '@/components/ui/table-scroll';
import { formatDateTime, formatNumber } from '@/lib/dashboard/format';
import type { OpenHold } from '@/lib/dashboard/get-billing';

/** Credits reserved by calls in flight: why the balance may look short for a moment, and until when. */
export function OpenHolds({ holds, heldTotal, releaseSeconds }: { holds: OpenHold[]; heldTotal: number; releaseSeconds: number }) {
  const explanation = `A call reserves the most it can cost before it runs and gives back what it did not use when it answers. A hold older than ${releaseSeconds} s was left by a server that stopped mid-call and is refunded in full automatically.`;
  if (holds.length === 0) {
    return (
      <div className="text-sm text-slate-600 dark:text-slate-400">
        <p>No credits are held right now.</p>
        <p className="mt-1">{explanation}</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {formatNumber(heldTotal)} credits held by {holds.length === 1 ? 'one call' : `${formatNumber(holds.length)} calls`}. {explanation}
      </p>
      <TableScroll label="Open holds">
        <table className={TABLE_CLASSES}>
          <thead>
            <tr>
              <th scope="col" className={TH_CLASSES}>Since</th>
              <th scope="col" className={TH_CLASSES}>Request</th>
              <th scope="col" className={TH_CLASSES}>Key</th>
              <th scope="col" className={`${TH_CLASSES} ${NUM_CLASSES}`}>Credits held</th>
            </tr>
          </thead>
          <tbody>
            {holds.map((hold) => (
              <tr key={hold.requestId}>
                <td className={`${TD_CLASSES} whitespace-nowrap`}>{formatDateTime(hold.createdAt)}</td>
                <td className={`${TD_CLASSES} font-mono text-xs`}>{hold.requestId}</td>
                <td className={TD_CLASSES}>{hold.keyName ?? 'Dashboard'}</td>
                <td className={`${TD_CLASSES} ${NUM_CLASSES}`}>{formatNumber(hold.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}
