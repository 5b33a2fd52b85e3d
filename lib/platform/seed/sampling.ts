import type { Rng } from './prng';

/**
 * Walker/Vose alias table: O(1) weighted draws. Follows, likes and authorship draw tens of
 * millions of times from the same skewed weights, where a binary search per draw would show.
 */
export class AliasTable {
  readonly size: number;
  private readonly probability: Float64Array;
  private readonly alias: Int32Array;

  constructor(weights: ArrayLike<number>) {
    const n = weights.length;
    if (n === 0) throw new Error('an alias table needs at least one weight');
    this.size = n;
    this.probability = new Float64Array(n);
    this.alias = new Int32Array(n);
    let total = 0;
    for (let i = 0; i < n; i++) total += weights[i];
    const scaled = new Float64Array(n);
    const small = new Int32Array(n);
    const large = new Int32Array(n);
    let smallCount = 0;
    let largeCount = 0;
    for (let i = 0; i < n; i++) {
      scaled[i] = total > 0 ? (weights[i] * n) / total : 1;
      if (scaled[i] < 1) small[smallCount++] = i;
      else large[largeCount++] = i;
    }
    while (smallCount > 0 && largeCount > 0) {
      const s = small[--smallCount];
      const l = large[--largeCount];
      this.probability[s] = scaled[s];
      this.alias[s] = l;
      scaled[l] = scaled[l] + scaled[s] - 1;
      if (scaled[l] < 1) small[smallCount++] = l;
      else large[largeCount++] = l;
    }
    // Leftovers are rounding residue, worth a full slot each, except zero weights: those
    // must never be drawn (retweets carry no appeal of their own).
    let heaviest = 0;
    for (let i = 1; i < n; i++) if (weights[i] > weights[heaviest]) heaviest = i;
    while (largeCount > 0) this.probability[large[--largeCount]] = 1;
    while (smallCount > 0) {
      const i = small[--smallCount];
      this.probability[i] = weights[i] > 0 ? 1 : 0;
      this.alias[i] = heaviest;
    }
  }

  /** One weighted index. */
  sample(rng: Rng): number {
    const x = rng.next() * this.size;
    const i = Math.floor(x);
    return x - i < this.probability[i] ? i : this.alias[i];
  }
}

/** Zipf weights 1/rank^exponent for ranks 1..n. */
export function zipfWeights(n: number, exponent: number): Float64Array {
  const weights = new Float64Array(n);
  for (let i = 0; i < n; i++) weights[i] = 1 / (i + 1) ** exponent;
  return weights;
}

/** The first index j in [lo, hi) with cumulative[j] > target (cumulative is non-decreasing); hi - 1 at most. */
export function searchCumulative(cumulative: Float64Array, lo: number, hi: number, target: number): number {
  let low = lo;
  let high = hi - 1;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (cumulative[mid] > target) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** The first index in [0, sorted.length] whose value is >= value. */
export function lowerBound(sorted: Float64Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid] < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Splits `total` into integer parts proportional to `weights`, none above `cap`: the share
 * capped parts cannot take goes to the others (water-filling), so the parts sum to `total`
 * whenever `cap * weights.length` allows it.
 */
export function apportion(weights: ArrayLike<number>, total: number, cap: number): Int32Array {
  const n = weights.length;
  const filled = (scale: number) => {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += Math.min(cap, weights[i] * scale);
    return sum;
  };
  // The scale at which the capped parts sum to the total, by bisection.
  let low = 0;
  let high = 1;
  while (filled(high) < total && high < 1e300) high *= 2;
  for (let step = 0; step < 100; step++) {
    const mid = (low + high) / 2;
    if (filled(mid) < total) low = mid;
    else high = mid;
  }
  const parts = new Int32Array(n);
  // Carrying the rounding remainder keeps the integer sum on target.
  let carry = 0;
  for (let i = 0; i < n; i++) {
    const exact = Math.min(cap, weights[i] * high) + carry;
    const part = Math.min(cap, Math.max(0, Math.round(exact)));
    carry = exact - part;
    parts[i] = part;
  }
  return parts;
}
