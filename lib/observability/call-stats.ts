// The per-call metrics (requests, latency, credits) kept as plain numbers in cells found by
// three Map lookups, and turned into prom-client's metric shape only when scraped. prom-client's
// own counters and histograms, even through a cached labels() child, build a label hash string
// and a label object on every observation: on the /v2 hot path that is garbage per call for
// nothing. Label values are bounded by construction: operation ids (ROUTED_OPERATIONS plus
// `unmatchedRoute`), served platform names, HTTP status numbers.

type Labels = Record<string, string | number>;
type Value = { value: number; labels: Labels; metricName?: string };

/** What a prom-client Registry reads of a metric (registerMetric, getMetricsAsJSON, AggregatorRegistry.aggregate). */
export type CollectedMetric = { name: string; help: string; type: 'counter' | 'gauge' | 'histogram'; aggregator: 'sum'; values: Value[] };

export type ScrapedMetric = { name: string; get(): Promise<CollectedMetric> };

type StatusCell = { labels: Labels; count: number };

type PlatformCell = {
  labels: { operation: string; platform: string };
  byStatus: Map<number, StatusCell>;
  /** Observations per bucket, not cumulative: index i counts durations ≤ bounds[i] and > bounds[i-1]; the last one is +Inf's own. */
  buckets: Float64Array;
  count: number;
  sum: number;
  credits: number;
};

/** The platform label of a call refused before a platform was chosen. */
export const NO_PLATFORM = 'none';

export class CallStats {
  private readonly byOperation = new Map<string, Map<string, PlatformCell>>();

  constructor(readonly bounds: readonly number[]) {}

  /** One answered call: a count for its status, its duration in the histogram, its credits. */
  record(operation: string, platform: string | null, status: number, seconds: number, credits: number): void {
    const cell = this.cellOf(operation, platform ?? NO_PLATFORM);
    let byStatus = cell.byStatus.get(status);
    if (byStatus === undefined) {
      byStatus = { labels: { operation, platform: cell.labels.platform, status: String(status) }, count: 0 };
      cell.byStatus.set(status, byStatus);
    }
    byStatus.count += 1;
    const bounds = this.bounds;
    let bucket = 0;
    while (bucket < bounds.length && seconds > bounds[bucket]) bucket += 1;
    cell.buckets[bucket] += 1;
    cell.count += 1;
    cell.sum += seconds;
    if (credits > 0) cell.credits += credits;
  }

  /** The requests counter: one series per operation, platform and status. */
  requestsMetric(name: string, help: string): ScrapedMetric {
    return this.metric(name, help, 'counter', () => {
      const values: Value[] = [];
      for (const cell of this.cells()) for (const status of cell.byStatus.values()) values.push({ labels: { ...status.labels }, value: status.count });
      return values;
    });
  }

  /** The latency histogram: one per operation and platform. */
  durationMetric(name: string, help: string): ScrapedMetric {
    return this.metric(name, help, 'histogram', () => {
      const values: Value[] = [];
      for (const cell of this.cells()) {
        let cumulative = 0;
        for (let i = 0; i < this.bounds.length; i += 1) {
          cumulative += cell.buckets[i];
          values.push({ metricName: `${name}_bucket`, labels: { ...cell.labels, le: this.bounds[i] }, value: cumulative });
        }
        values.push({ metricName: `${name}_bucket`, labels: { ...cell.labels, le: '+Inf' }, value: cell.count });
        values.push({ metricName: `${name}_sum`, labels: { ...cell.labels }, value: cell.sum });
        values.push({ metricName: `${name}_count`, labels: { ...cell.labels }, value: cell.count });
      }
      return values;
    });
  }

  /** Credits charged: one series per platform and operation. */
  creditsMetric(name: string, help: string): ScrapedMetric {
    return this.metric(name, help, 'counter', () => {
      const values: Value[] = [];
      for (const cell of this.cells()) values.push({ labels: { platform: cell.labels.platform, operation: cell.labels.operation }, value: cell.credits });
      return values;
    });
  }

  private metric(name: string, help: string, type: CollectedMetric['type'], values: () => Value[]): ScrapedMetric {
    return { name, get: async () => ({ name, help, type, aggregator: 'sum', values: values() }) };
  }

  private cellOf(operation: string, platform: string): PlatformCell {
    let platforms = this.byOperation.get(operation);
    if (platforms === undefined) {
      platforms = new Map();
      this.byOperation.set(operation, platforms);
    }
    let cell = platforms.get(platform);
    if (cell === undefined) {
      cell = { labels: { operation, platform }, byStatus: new Map(), buckets: new Float64Array(this.bounds.length + 1), count: 0, sum: 0, credits: 0 };
      platforms.set(platform, cell);
    }
    return cell;
  }

  private *cells(): Generator<PlatformCell> {
    for (const platforms of this.byOperation.values()) yield* platforms.values();
  }
}
