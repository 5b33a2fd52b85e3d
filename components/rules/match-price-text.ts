/** A match's price on each served platform, the default first. */
export type MatchPrices = Array<{ platform: string; credits: number }>;

const credits = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'credit' : 'credits'}`;

/** "15 credits", or "15 credits (x: 25)" where a rule's platform changes the price. */
export function matchPriceText(prices: MatchPrices): string {
  const [first, ...rest] = prices;
  if (!first) return credits(0);
  const others = rest.filter((p) => p.credits !== first.credits).map((p) => `${p.platform}: ${p.credits.toLocaleString('en-US')}`);
  return others.length === 0 ? credits(first.credits) : `${credits(first.credits)} (${others.join(', ')})`;
}
