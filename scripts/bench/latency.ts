// Latency figures of the real-time benchmarks.

/** The p-th percentile (nearest rank) of `values`, NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** p50, p95, p99 and max of latencies in ms. */
export function latencySummary(values: readonly number[]): { p50_ms: number; p95_ms: number; p99_ms: number; max_ms: number } {
  return { p50_ms: percentile(values, 50), p95_ms: percentile(values, 95), p99_ms: percentile(values, 99), max_ms: values.length === 0 ? NaN : values.reduce((a, b) => Math.max(a, b), -Infinity) };
}
