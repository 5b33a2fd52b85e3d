import type { CreditValueListing, PriceListing } from '@/lib/admin/list-prices';
import { formatMoney } from '@/lib/admin/money';
import { formatDateTime } from '@/lib/dashboard/format';
import { NUM_CLASSES, TABLE_CLASSES, TableScroll, TD_CLASSES, TH_CLASSES } from '@/components/ui/table-scroll';

const LINK = 'text-brand-700 underline-offset-2 hover:underline dark:text-brand-400';
const MUTED = 'text-xs text-slate-500 dark:text-slate-400';

const unitOf = (l: Pick<PriceListing, 'per' | 'unit'>) => (l.per === 'item' ? l.unit : 'call');

function Flag({ listing }: { listing: PriceListing }) {
  const check = listing.check;
  if (check.status === 'no-cost') return <span className={MUTED}>no upstream cost set</span>;
  if (check.status === 'no-credit-value') return <span className={MUTED}>set a credit value to compare</span>;
  return (
    <div className="flex flex-col gap-1">
      {check.status === 'below-cost' ? (
        <strong className="w-fit rounded bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-950 dark:text-red-200">BELOW COST</strong>
      ) : (
        <span className="text-xs text-emerald-700 dark:text-emerald-400">covers cost</span>
      )}
      {check.reasons.map((reason) => (
        <span key={reason} className="text-xs text-red-700 dark:text-red-400">
          {reason}
        </span>
      ))}
      {check.emptyAnswerLoss && <span className="text-xs text-amber-700 dark:text-amber-400">empty answers sell below the request cost (no minimum covers it)</span>}
    </div>
  );
}

/** Every priced operation on every platform: the price in force, what is scheduled, the upstream cost and the below-cost flag. */
export function PriceTable({ listings, creditValue, changed }: { listings: PriceListing[]; creditValue: CreditValueListing | null; changed: ReadonlySet<string> }) {
  const money = (micros: number) => formatMoney(micros, creditValue?.currency ?? '');
  return (
    <TableScroll label="Price list">
      <table className={TABLE_CLASSES}>
        <thead>
          <tr>
            <th className={TH_CLASSES}>Operation</th>
            <th className={TH_CLASSES}>Platform</th>
            <th className={`${TH_CLASSES} ${NUM_CLASSES}`}>Price (credits)</th>
            <th className={`${TH_CLASSES} ${NUM_CLASSES}`}>Minimum</th>
            <th className={TH_CLASSES}>Source</th>
            <th className={TH_CLASSES}>Scheduled</th>
            <th className={TH_CLASSES}>Sells for</th>
            <th className={TH_CLASSES}>Upstream cost</th>
            <th className={TH_CLASSES}>Cost check</th>
          </tr>
        </thead>
        <tbody>
          {listings.map((l) => (
            <tr key={`${l.operation}|${l.platform}`} data-below-cost={l.check.status === 'below-cost' ? 'true' : undefined} className={l.check.status === 'below-cost' ? 'bg-red-50/60 dark:bg-red-950/30' : undefined}>
              <td className={TD_CLASSES}>
                {changed.has(l.operation) ? (
                  <a href={`#history-${l.operation}`} className={LINK}>
                    {l.operation}
                  </a>
                ) : (
                  l.operation
                )}
              </td>
              <td className={TD_CLASSES}>{l.platform}</td>
              <td className={`${TD_CLASSES} ${NUM_CLASSES}`}>
                {l.credits} <span className={MUTED}>per {unitOf(l)}</span>
              </td>
              <td className={`${TD_CLASSES} ${NUM_CLASSES}`}>{l.minimum || '—'}</td>
              <td className={TD_CLASSES}>
                {l.source === 'list' ? `list, since ${formatDateTime(l.since)}` : 'seed'}
              </td>
              <td className={TD_CLASSES}>
                {l.scheduled.length === 0
                  ? '—'
                  : l.scheduled.map((s) => (
                      <div key={s.from}>
                        {s.credits} per {unitOf(l)}
                        {s.minimum ? `, min ${s.minimum}` : ''} from {formatDateTime(s.from)}
                      </div>
                    ))}
              </td>
              <td className={TD_CLASSES}>{creditValue ? `${money(l.credits * creditValue.microsPerCredit)} per ${unitOf(l)}` : '—'}</td>
              <td className={TD_CLASSES}>
                {l.cost ? (
                  <>
                    {money(l.cost.perRequestMicros)} per request + {money(l.cost.perItemMicros)} per item
                    <div className={MUTED}>since {formatDateTime(l.cost.since)}</div>
                  </>
                ) : (
                  '—'
                )}
                {l.scheduledCosts.map((c) => (
                  <div key={c.from} className={MUTED}>
                    from {formatDateTime(c.from)}: {money(c.perRequestMicros)} + {money(c.perItemMicros)} per item
                  </div>
                ))}
              </td>
              <td className={TD_CLASSES}>
                <Flag listing={l} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
