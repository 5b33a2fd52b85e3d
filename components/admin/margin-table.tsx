import type { ReactNode } from 'react';
import { NUM_CLASSES, TABLE_CLASSES, TD_CLASSES, TH_CLASSES, TableScroll } from '@/components/ui/table-scroll';
import { formatMarginPercent, formatMicros } from '@/lib/admin/margin-format';
import type { MarginFigures } from '@/lib/admin/margin-figures';
import { formatNumber, formatPercent } from '@/lib/dashboard/format';

export type MarginTableRow = { key: string; cells: ReactNode[]; figures: MarginFigures };

type Props = {
  /** The table's name, for assistive tech (the scroll region's label). */
  label: string;
  /** Headers of the leading cells that name a row (Platform; Platform, Operation; Account). */
  heads: string[];
  rows: MarginTableRow[];
  currency: string;
};

const NUM_TH = `${TH_CLASSES} ${NUM_CLASSES}`;
const NUM_TD = `${TD_CLASSES} ${NUM_CLASSES}`;

/** Margin figures, one row per platform, operation or account. A loss shows in red. */
export function MarginTable({ label, heads, rows, currency }: Props) {
  return (
    <TableScroll label={label}>
      <table className={TABLE_CLASSES}>
        <thead>
          <tr>
            {heads.map((head) => (
              <th key={head} scope="col" className={TH_CLASSES}>
                {head}
              </th>
            ))}
            <th scope="col" className={NUM_TH}>Calls</th>
            <th scope="col" className={NUM_TH}>Credits sold</th>
            <th scope="col" className={NUM_TH}>Money in</th>
            <th scope="col" className={NUM_TH}>Upstream requests</th>
            <th scope="col" className={NUM_TH}>Cache hit rate</th>
            <th scope="col" className={NUM_TH}>Upstream items</th>
            <th scope="col" className={NUM_TH}>Upstream cost</th>
            <th scope="col" className={NUM_TH}>Margin</th>
            <th scope="col" className={NUM_TH}>Margin %</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ key, cells, figures: f }) => {
            const loss = f.marginMicros !== null && f.marginMicros < 0 ? 'text-red-700 dark:text-red-400' : '';
            return (
              <tr key={key}>
                {cells.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row" className={`${TD_CLASSES} font-normal`}>
                      {cell}
                    </th>
                  ) : (
                    <td key={i} className={TD_CLASSES}>
                      {cell}
                    </td>
                  ),
                )}
                <td className={NUM_TD}>{formatNumber(f.calls)}</td>
                <td className={NUM_TD}>{formatNumber(f.credits)}</td>
                <td className={NUM_TD}>{formatMicros(f.moneyInMicros, currency)}</td>
                <td className={NUM_TD}>{formatNumber(f.upstreamRequests)}</td>
                <td className={NUM_TD}>{f.cacheHitRate === null ? '—' : formatPercent(f.cacheHitRate)}</td>
                <td className={NUM_TD}>{formatNumber(f.upstreamItems)}</td>
                <td className={NUM_TD}>{formatMicros(f.upstreamCostMicros, currency)}</td>
                <td className={`${NUM_TD} ${loss}`}>{formatMicros(f.marginMicros, currency)}</td>
                <td className={`${NUM_TD} ${loss}`}>{formatMarginPercent(f.marginPercent)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
