import type { PriceHistoryEntry } from '@/lib/admin/price-history';
import { formatMoney } from '@/lib/admin/money';
import { formatDateTime } from '@/lib/dashboard/format';
import { TABLE_CLASSES, TableScroll, TD_CLASSES, TH_CLASSES } from '@/components/ui/table-scroll';

function change(entry: PriceHistoryEntry, currency: string): string {
  if (entry.kind === 'price') return `price ${entry.unitCredits} credits per unit${entry.minCredits ? `, minimum ${entry.minCredits}` : ''}`;
  return `upstream cost ${formatMoney(entry.perRequestMicros ?? 0, currency)} per request + ${formatMoney(entry.perItemMicros ?? 0, currency)} per item`;
}

/** Each changed operation's history, newest first, folded: what was charged (and cost) when, and who changed it. */
export function PriceHistory({ history, currency }: { history: Map<string, PriceHistoryEntry[]>; currency: string }) {
  if (history.size === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">Nothing has been changed yet: every operation costs the seed&apos;s price.</p>;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-slate-600 dark:text-slate-400">Operations not listed have never been changed: they cost the seed&apos;s price, and no upstream cost is set.</p>
      {[...history].map(([operation, entries]) => (
        <details key={operation} id={`history-${operation}`} className="rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-800">
          <summary className="cursor-pointer text-sm font-medium">
            History of {operation} ({entries.length} {entries.length === 1 ? 'change' : 'changes'})
          </summary>
          <TableScroll label={`History of ${operation}`}>
            <table className={`${TABLE_CLASSES} mt-2`}>
              <thead>
                <tr>
                  <th className={TH_CLASSES}>Effective from</th>
                  <th className={TH_CLASSES}>Platform</th>
                  <th className={TH_CLASSES}>Change</th>
                  <th className={TH_CLASSES}>State</th>
                  <th className={TH_CLASSES}>By</th>
                  <th className={TH_CLASSES}>Made</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={`${entry.kind}|${entry.platform}|${entry.effectiveFrom}`}>
                    <td className={TD_CLASSES}>{formatDateTime(entry.effectiveFrom)}</td>
                    <td className={TD_CLASSES}>{entry.platform}</td>
                    <td className={TD_CLASSES}>{change(entry, currency)}</td>
                    <td className={TD_CLASSES}>{entry.state}</td>
                    <td className={TD_CLASSES}>{entry.createdBy}</td>
                    <td className={TD_CLASSES}>{formatDateTime(entry.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </details>
      ))}
    </div>
  );
}
