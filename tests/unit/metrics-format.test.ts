import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { CallStats } from '@/lib/observability/call-stats';
import { readMetricsConfig } from '@/lib/observability/metrics-config';
import { blueskyEndpointOf, outcomeOfError, outcomeOfStatus, xEndpointOf } from '@/lib/observability/upstream-metrics';
import { spelledNaN } from '@/lib/server/metrics-route';
import { parsePrometheusText, samplesOf, valueOf, type Sample } from '../support/prometheus-text';

// Issue 34, item 1: the per-call metrics' own cells (call-stats.ts) must expose exactly what
// prom-client's Counter and Histogram would for the same calls; the test parser must refuse
// what Prometheus refuses; upstream endpoint labels never carry an id or a username.

const BUCKETS = [0.01, 0.1, 1];

describe('the per-call metrics (CallStats)', () => {
  it('expose what prom-client’s counter and histogram expose for the same calls', async () => {
    const ours = new Registry();
    const stats = new CallStats(BUCKETS);
    ours.registerMetric(stats.requestsMetric('t_requests_total', 'requests') as never);
    ours.registerMetric(stats.durationMetric('t_duration_seconds', 'duration') as never);
    ours.registerMetric(stats.creditsMetric('t_credits_total', 'credits') as never);
    const theirs = new Registry();
    const requests = new Counter({ name: 't_requests_total', help: 'requests', labelNames: ['operation', 'platform', 'status'], registers: [theirs] });
    const duration = new Histogram({ name: 't_duration_seconds', help: 'duration', labelNames: ['operation', 'platform'], buckets: BUCKETS, registers: [theirs] });
    const credits = new Counter({ name: 't_credits_total', help: 'credits', labelNames: ['platform', 'operation'], registers: [theirs] });
    const calls: Array<[string, string | null, number, number, number]> = [
      ['getUser', 'local', 200, 0.004, 1],
      ['getUser', 'local', 200, 0.01, 1],
      ['getUser', 'local', 404, 0.2, 0],
      ['getUser', 'x', 200, 3, 2],
      ['unmatchedRoute', null, 401, 0.0001, 0],
    ];
    for (const [operation, platform, status, seconds, charged] of calls) {
      stats.record(operation, platform, status, seconds, charged);
      const labels = { operation, platform: platform ?? 'none' };
      requests.inc({ ...labels, status: String(status) });
      duration.observe(labels, seconds);
      credits.inc(labels, charged);
    }
    const mine = parsePrometheusText(await ours.metrics());
    const reference = parsePrometheusText(await theirs.metrics());
    for (const name of ['t_requests_total', 't_duration_seconds', 't_credits_total']) {
      const key = (sample: Sample) => `${sample.name}${JSON.stringify(Object.entries(sample.labels).sort())}`;
      const sorted = (family: typeof mine) => [...family.get(name)!.samples].sort((a, b) => key(a).localeCompare(key(b)));
      expect(sorted(mine)).toEqual(sorted(reference));
      expect(mine.get(name)!.type).toBe(reference.get(name)!.type);
    }
    expect(valueOf(mine, 't_requests_total', { operation: 'getUser', status: '200' })).toBe(3);
    expect(samplesOf(mine, 't_duration_seconds_bucket', { operation: 'getUser', platform: 'local', le: '0.01' })[0].value).toBe(2);
  });
});

describe('the Prometheus text parser', () => {
  const valid = '# HELP a_total A.\n# TYPE a_total counter\na_total{x="1",y="q\\"uote"} 3\n\n# TYPE g gauge\ng -Inf\ng{z="2"} 1.5e3 1700000000\n';

  it('reads families, labels with escapes, special values and timestamps', () => {
    const parsed = parsePrometheusText(valid);
    expect(parsed.get('a_total')).toMatchObject({ type: 'counter', help: 'A.', samples: [{ labels: { x: '1', y: 'q"uote' }, value: 3 }] });
    expect(samplesOf(parsed, 'g').map((s) => s.value)).toEqual([-Infinity, 1500]);
  });

  it.each([
    ['a sample before its TYPE', 'b 1\n'],
    ['a bad metric name', '# TYPE 1b counter\n'],
    ['an unknown type', '# TYPE b thing\n'],
    ['an unquoted label value', '# TYPE b gauge\nb{x=1} 1\n'],
    ['an unclosed label set', '# TYPE b gauge\nb{x="1" 1\n'],
    ['a bad escape', '# TYPE b gauge\nb{x="\\t"} 1\n'],
    ['a value that is no number', '# TYPE b gauge\nb one\n'],
    ['a series twice', '# TYPE b gauge\nb{x="1"} 1\nb{x="1"} 2\n'],
    ['a second TYPE', '# TYPE b gauge\n# TYPE b gauge\n'],
    ['no final line feed', '# TYPE b gauge\nb 1'],
    ['a bucket without le', '# TYPE h histogram\nh_bucket 1\nh_sum 1\nh_count 1\n'],
    ['buckets not cumulative', '# TYPE h histogram\nh_bucket{le="1"} 2\nh_bucket{le="+Inf"} 1\nh_sum 1\nh_count 1\n'],
    ['+Inf unlike _count', '# TYPE h histogram\nh_bucket{le="+Inf"} 2\nh_sum 1\nh_count 1\n'],
    ['a foreign sample in a counter', '# TYPE c counter\nc_other 1\n'],
  ])('refuses %s', (_, text) => {
    expect(() => parsePrometheusText(text)).toThrow();
  });
});

describe('upstream endpoint labels', () => {
  it('mask X ids and usernames, whatever the path', () => {
    expect(xEndpointOf('/2/users/by/username/jack')).toBe('/2/users/by/username/{username}');
    expect(xEndpointOf('/2/users/by/username/search')).toBe('/2/users/by/username/{username}');
    expect(xEndpointOf('/2/tweets/1234567890')).toBe('/2/tweets/{id}');
    expect(xEndpointOf('/2/users/42/likes/99')).toBe('/2/users/{id}/likes/{id}');
    expect(xEndpointOf('/2/tweets/search/recent')).toBe('/2/tweets/search/recent');
    expect(xEndpointOf('/2/users/secret_handle_x/whatever')).toBe('/2/users/{param}/{param}');
    expect(xEndpointOf('/a/b/c/d/e/f/g/h/i/j')).toBe('/{param}/{param}/{param}/{param}/{param}/{param}/{param}/{param}/…');
  });

  it('name Bluesky requests by their XRPC method only', () => {
    expect(blueskyEndpointOf('https://api.bsky.app/xrpc/app.bsky.actor.getProfile?actor=alice.bsky.social')).toBe('app.bsky.actor.getProfile');
    expect(blueskyEndpointOf('https://pds.example/xrpc/com.atproto.repo.createRecord')).toBe('com.atproto.repo.createRecord');
    expect(blueskyEndpointOf('https://pds.example/.well-known/oauth-protected-resource')).toBe('other');
    expect(blueskyEndpointOf('https://pds.example/xrpc/not a method')).toBe('other');
  });

  it('sort answers and failures into a few outcomes', () => {
    expect([200, 204, 404, 429, 500, 503].map(outcomeOfStatus)).toEqual(['ok', 'ok', 'client_error', 'rate_limited', 'server_error', 'server_error']);
    const timeout = Object.assign(new Error('late'), { name: 'TimeoutError' });
    expect(outcomeOfError(new TypeError('fetch failed', { cause: timeout }))).toBe('timeout');
    expect(outcomeOfError(new Error('ECONNREFUSED'))).toBe('network_error');
  });
});

describe('the metrics settings', () => {
  it('are off without a token or a port, and checked when given', () => {
    expect(readMetricsConfig({})).toEqual({ enabled: false, token: null, port: null });
    expect(readMetricsConfig({ PERCH_METRICS_TOKEN: 'a'.repeat(32) })).toEqual({ enabled: true, token: 'a'.repeat(32), port: null });
    expect(readMetricsConfig({ PERCH_METRICS_PORT: '9464' })).toEqual({ enabled: true, token: null, port: 9464 });
    expect(() => readMetricsConfig({ PERCH_METRICS_TOKEN: 'short' })).toThrow(/16 characters/);
    expect(() => readMetricsConfig({ PERCH_METRICS_PORT: '70000' })).toThrow(/PERCH_METRICS_PORT/);
  });
});

describe('a NaN sample', () => {
  it('is spelled NaN as the format says, not prom-client’s Nan', async () => {
    const registry = new Registry();
    new Gauge({ name: 'perch_test_not_yet_measured', help: 'a gauge with no reading yet', registers: [registry] }).set(NaN);
    const written = await registry.metrics();
    // prom-client's own spelling, which a strict scraper refuses (the event-loop lag before its first reading).
    expect(written).toMatch(/^perch_test_not_yet_measured Nan$/m);
    const exposition = parsePrometheusText(spelledNaN(written));
    expect(exposition.get('perch_test_not_yet_measured')!.samples[0].value).toBeNaN();
  });
});
