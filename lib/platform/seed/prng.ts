// The generator's only source of randomness. Every draw comes from a seeded sfc32 stream,
// so one seed always yields the same platform; Math.random and faker's global RNG are never used.

/** A 32-bit mix of integers (murmur3's finaliser over a running hash): seeds for independent streams. */
export function hash32(...values: number[]): number {
  let h = 0x9e3779b9;
  for (const value of values) {
    h = Math.imul(h ^ (value >>> 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** A stable number for a stream name, so phases draw from separate streams and one phase's changes never shift another's. */
export function streamId(name: string): number {
  let h = 2166136261;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** A small, fast seeded generator (sfc32) with the draws the generator needs. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed >>> 0;
    // Warm-up: sfc32's first outputs still show the seed's structure.
    for (let i = 0; i < 12; i++) this.uint32();
  }

  /** A stream for (seed, stream name, index...): the same arguments give the same draws. */
  static for(seed: number, stream: string, ...index: number[]): Rng {
    return new Rng(hash32(seed, streamId(stream), ...index));
  }

  /** A uniform 32-bit unsigned integer. */
  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** A uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** A uniform integer in [min, max]. */
  range(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** An item skewed toward the front of `items`: the chance of position r falls off as r^(1/skew - 1). */
  pickSkewed<T>(items: readonly T[], skew = 2): T {
    return items[Math.floor(items.length * this.next() ** skew)];
  }

  /** A standard normal draw (Box-Muller; no cached second value, so draws stay one per call). */
  normal(): number {
    const u = 1 - this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** A log-normal draw with median 1 and the given spread. */
  logNormal(sigma: number): number {
    return Math.exp(sigma * this.normal());
  }

  /** An exponential draw with the given mean. */
  exponential(mean: number): number {
    return -Math.log(1 - this.next()) * mean;
  }
}
