import { Stat } from '@/components/ui/card';
import { formatMarginPercent, formatMicros } from '@/lib/admin/margin-format';
import type { MarginFigures } from '@/lib/admin/margin-figures';
import { formatNumber, formatPercent } from '@/lib/dashboard/format';

/** The range's totals as headline figures. */
export function MarginStats({ totals: t, currency }: { totals: MarginFigures; currency: string }) {
  const unknown = t.unvaluedCredits > 0 ? `${formatNumber(t.unvaluedCredits)} credits have no credit value` : undefined;
  return (
    <dl aria-label="Totals" className="grid grid-cols-2 gap-3 md:grid-cols-4">
      <Stat label="Calls" value={formatNumber(t.calls)} />
      <Stat label="Credits sold" value={formatNumber(t.credits)} />
      <Stat label="Money in" value={formatMicros(t.moneyInMicros, currency)} detail={unknown ?? 'credits × the credit value of their day'} />
      <Stat label="Upstream cost" value={formatMicros(t.upstreamCostMicros, currency)} detail={`${formatNumber(t.upstreamRequests)} requests, ${formatNumber(t.upstreamItems)} items`} />
      <Stat label="Margin" value={formatMicros(t.marginMicros, currency)} detail={unknown ?? 'money in − upstream cost'} />
      <Stat label="Margin %" value={formatMarginPercent(t.marginPercent)} detail="of money in" />
      <Stat
        label="Cache hit rate"
        value={t.cacheHitRate === null ? '—' : formatPercent(t.cacheHitRate)}
        detail={`${formatNumber(t.upstreamCached)} of ${formatNumber(t.upstreamRequests)} upstream requests from the cache`}
      />
    </dl>
  );
}
