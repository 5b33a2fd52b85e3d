import { NUM_CLASSES, TABLE_CLASSES, TD_CLASSES, TH_CLASSES, TableScroll } from '@/components/ui/table-scroll';
import { formatDate, formatNumber } from '@/lib/dashboard/format';
import type { LedgerEntry } from '@/lib/dashboard/get-billing';

/** Grants with their reasons and usage summed per day, newest first, with the balance after each. */
export function LedgerTable({ entries }: { entries: LedgerEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No credit movements in this window.</p>;
  return (
    <TableScroll label="Credit ledger">
      <table className={TABLE_CLASSES}>
        <thead>
          <tr>
            <th scope="col" className={TH_CLASSES}>Date</th>
            <th scope="col" className={TH_CLASSES}>Entry</th>
            <th scope="col" className={`${TH_CLASSES} ${NUM_CLASSES}`}>Credits</th>
            <th scope="col" className={`${TH_CLASSES} ${NUM_CLASSES}`}>Balance after</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={`${entry.kind}-${entry.at}-${entry.amount}`}>
              <td className={`${TD_CLASSES} whitespace-nowrap`}>{entry.kind === 'grant' ? formatDate(entry.at) : entry.day}</td>
              <td className={TD_CLASSES}>
                {entry.kind === 'grant' ? (
                  <>
                    <span className="mr-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">grant</span>
                    {entry.reason}
                  </>
                ) : (
                  <>
                    <span className="mr-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">usage</span>
                    {formatNumber(entry.calls)} {entry.calls === 1 ? 'call' : 'calls'}
                  </>
                )}
              </td>
              <td className={`${TD_CLASSES} ${NUM_CLASSES} ${entry.amount >= 0 ? 'text-emerald-700 dark:text-emerald-400' : ''}`}>
                {entry.amount >= 0 ? '+' : '−'}
                {formatNumber(Math.abs(entry.amount))}
              </td>
              <td className={`${TD_CLASSES} ${NUM_CLASSES}`}>{formatNumber(entry.balanceAfter)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
