// One line of the margin report (a day, a platform, an operation, an account or the whole
// range): what was sold, what it brought in, what it cost upstream, and what is left.
// Money is in millionths ("micros") of the credit value's currency.

export type MarginFigures = {
  calls: number;
  /** Credits charged (sold). */
  credits: number;
  /**
   * Credits × the credit value in force on the day they were sold; null when some of them were
   * sold on a day without a credit value (money in cannot be known: see unvaluedCredits).
   */
  moneyInMicros: number | null;
  /** Credits sold on days without a credit value in force. */
  unvaluedCredits: number;
  upstreamRequests: number;
  /** Upstream requests the upstream cache answered (cost nothing upstream). */
  upstreamCached: number;
  upstreamItems: number;
  /** What the calls cost upstream, priced when they were made. */
  upstreamCostMicros: number;
  /** upstreamCached / upstreamRequests; null without upstream requests. */
  cacheHitRate: number | null;
  /** moneyIn − upstream cost; null when money in is unknown. */
  marginMicros: number | null;
  /** margin / money in × 100; null when money in is unknown or nothing. */
  marginPercent: number | null;
};

/** The sums one SQL group returns (numbers as text: bigint and numeric sums). */
export type MarginSums = {
  calls: string;
  credits: string;
  money_in: string;
  unvalued_credits: string;
  upstream_requests: string;
  upstream_cached: string;
  upstream_items: string;
  upstream_cost_micros: string;
};

/** The SQL select list of MarginSums over `base` rows (see margin-report.ts). */
export const MARGIN_SUMS_SQL = `
  coalesce(sum(calls), 0)::text AS calls,
  coalesce(sum(credits), 0)::text AS credits,
  coalesce(sum(credits::numeric * micros_per_credit), 0)::text AS money_in,
  coalesce(sum(credits) FILTER (WHERE micros_per_credit IS NULL), 0)::text AS unvalued_credits,
  coalesce(sum(upstream_requests), 0)::text AS upstream_requests,
  coalesce(sum(upstream_cached), 0)::text AS upstream_cached,
  coalesce(sum(upstream_items), 0)::text AS upstream_items,
  coalesce(sum(upstream_cost_micros), 0)::text AS upstream_cost_micros`;

/** The figures of one group's sums. */
export function marginFigures(sums: MarginSums): MarginFigures {
  const unvaluedCredits = Number(sums.unvalued_credits);
  const upstreamRequests = Number(sums.upstream_requests);
  const upstreamCached = Number(sums.upstream_cached);
  const upstreamCostMicros = Number(sums.upstream_cost_micros);
  const moneyInMicros = unvaluedCredits > 0 ? null : Number(sums.money_in);
  const marginMicros = moneyInMicros === null ? null : moneyInMicros - upstreamCostMicros;
  return {
    calls: Number(sums.calls),
    credits: Number(sums.credits),
    moneyInMicros,
    unvaluedCredits,
    upstreamRequests,
    upstreamCached,
    upstreamItems: Number(sums.upstream_items),
    upstreamCostMicros,
    cacheHitRate: upstreamRequests === 0 ? null : upstreamCached / upstreamRequests,
    marginMicros,
    marginPercent: marginMicros === null || !moneyInMicros ? null : (marginMicros * 100) / moneyInMicros,
  };
}

/** A group with nothing in it (a day without calls). */
export const NO_MARGIN_SUMS: MarginSums = {
  calls: '0',
  credits: '0',
  money_in: '0',
  unvalued_credits: '0',
  upstream_requests: '0',
  upstream_cached: '0',
  upstream_items: '0',
  upstream_cost_micros: '0',
};
