// A price in words, for the playground, the reference and the explorer: the same figures the
// server charges by (lib/prices: credits per item or per call, and a per-call minimum).

export type ShownPrice = { per: string; unit: string; credits: number; minimum?: number };

const creditsWord = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'credit' : 'credits'}`;

/** "Free", "15 credits per tweet returned", "… , at least 50 per call", "100 credits per call". */
export function priceText(price: ShownPrice): string {
  const minimum = price.minimum ?? 0;
  if (price.credits === 0 && minimum === 0) return 'Free';
  // A successful per-call operation is charged its price or the minimum, whichever is more.
  if (price.per !== 'item') return `${creditsWord(Math.max(price.credits, minimum))} per call`;
  const base = `${creditsWord(price.credits)} per ${price.unit} returned`;
  return minimum > 0 ? `${base}, at least ${minimum.toLocaleString('en-US')} per call` : base;
}
