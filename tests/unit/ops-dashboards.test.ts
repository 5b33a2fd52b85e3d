import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { enableMetrics } from '@/lib/observability/metrics';

// The Grafana dashboard and the Prometheus alert rules in ops/ name metrics by hand: every name
// they use must be one Perch's registry exports (lib/observability/metrics.ts, Node's default
// metrics included), so that a rename in the code fails here instead of leaving an empty panel
// or an alert that can never fire. docs/operations.md lists the same metrics and each alert's
// runbook section.

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

type Panel = { type: string; title: string; targets?: Array<{ expr: string; refId: string }>; datasource?: unknown; gridPos?: { x: number; y: number; w: number; h: number } };
type Dashboard = { uid: string; title: string; schemaVersion: number; panels: Panel[]; templating: { list: Array<{ name: string; type: string; query: unknown }> } };
type Rule = { alert: string; expr: string; for?: string; labels: Record<string, string>; annotations: Record<string, string> };
type RuleFile = { groups: Array<{ name: string; rules: Rule[] }> };

/** Every series name the registry exposes: histograms as their _bucket, _sum and _count. */
async function exportedNames(): Promise<Set<string>> {
  const metrics = await enableMetrics().registry.getMetricsAsJSON();
  const names = new Set<string>();
  for (const metric of metrics) {
    names.add(metric.name);
    if (String(metric.type) === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${metric.name}${suffix}`);
  }
  return names;
}

/** The perch_* metric names a PromQL expression reads. */
function metricsIn(expr: string): string[] {
  return [...expr.matchAll(/\bperch_[a-z0-9_]+\b/g)].map((match) => match[0]);
}

const dashboard = JSON.parse(read('ops/grafana/perch-overview.json')) as Dashboard;
const rules = parse(read('ops/prometheus/perch-alerts.yml')) as RuleFile;
const operations = read('docs/operations.md');
const alerts = rules.groups.flatMap((group) => group.rules);
const graphs = dashboard.panels.filter((panel) => panel.type !== 'row');

/** docs/operations.md's anchors, as GitHub makes them from headings. */
const anchors = new Set(
  [...operations.matchAll(/^#{1,6} (.+)$/gm)].map((match) =>
    match[1]
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-'),
  ),
);

describe('ops/grafana/perch-overview.json', () => {
  it('is a dashboard with a Prometheus data source variable and a query in every panel', () => {
    expect(dashboard).toMatchObject({ uid: 'perch-overview', title: 'Perch overview' });
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    expect(dashboard.templating.list.find((variable) => variable.name === 'datasource')).toMatchObject({ type: 'datasource', query: 'prometheus' });
    expect(graphs.length).toBeGreaterThanOrEqual(20);
    for (const panel of graphs) {
      expect(panel.datasource, panel.title).toEqual({ type: 'prometheus', uid: '${datasource}' });
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) expect(metricsIn(target.expr).length, `${panel.title}: ${target.expr}`).toBeGreaterThan(0);
    }
    // Panels do not overlap on Grafana's 24-column grid.
    const cells = new Set<string>();
    for (const panel of dashboard.panels) {
      const { x, y, w, h } = panel.gridPos!;
      expect(x + w, panel.title).toBeLessThanOrEqual(24);
      for (let row = y; row < y + h; row += 1) {
        for (let column = x; column < x + w; column += 1) {
          const cell = `${row}:${column}`;
          expect(cells.has(cell), `${panel.title} overlaps at ${cell}`).toBe(false);
          cells.add(cell);
        }
      }
    }
  });

  it('reads only metrics Perch exports', async () => {
    const exported = await exportedNames();
    const used = graphs.flatMap((panel) => (panel.targets ?? []).flatMap((target) => metricsIn(target.expr)));
    expect(used.filter((name) => !exported.has(name))).toEqual([]);
    // What the issue asks to see is on it.
    for (const name of ['perch_http_requests_total', 'perch_http_request_duration_seconds_bucket', 'perch_upstream_requests_total', 'perch_credits_charged_total', 'perch_webhook_queue_depth', 'perch_delivery_lag_seconds_bucket', 'perch_stream_connections', 'perch_usage_flush_rows_total', 'perch_leases_open', 'perch_db_pool_waiting', 'perch_nodejs_eventloop_lag_p99_seconds', 'perch_nodejs_heap_size_used_bytes']) {
      expect(used).toContain(name);
    }
  });
});

describe('ops/prometheus/perch-alerts.yml', () => {
  it('has the alerts the issue asks for, each with a severity and a runbook in docs/operations.md', () => {
    expect(alerts.map((rule) => rule.alert)).toEqual(expect.arrayContaining(['PerchHighErrorRate', 'PerchUpstreamFailures', 'PerchWebhookDeliveryLag', 'PerchUsageFlushStalled', 'PerchUsageFlushLow', 'PerchDbPoolSaturated']));
    expect(new Set(alerts.map((rule) => rule.alert)).size).toBe(alerts.length);
    for (const rule of alerts) {
      expect(rule.labels.severity, rule.alert).toMatch(/^(page|warning)$/);
      expect(rule.for, rule.alert).toMatch(/^\d+m$/);
      expect(rule.annotations.summary, rule.alert).toBeTruthy();
      const runbook = rule.annotations.runbook_url;
      expect(runbook, rule.alert).toBe(`docs/operations.md#${rule.alert.toLowerCase()}`);
      expect(anchors.has(rule.alert.toLowerCase()), `docs/operations.md has no section ${rule.alert}`).toBe(true);
    }
  });

  it('reads only metrics Perch exports', async () => {
    const exported = await exportedNames();
    for (const rule of alerts) {
      const used = metricsIn(rule.expr);
      expect(used.length, rule.alert).toBeGreaterThan(0);
      expect(used.filter((name) => !exported.has(name)), rule.alert).toEqual([]);
    }
  });
});

describe('docs/operations.md', () => {
  it('describes every metric of the registry', async () => {
    const own = (await enableMetrics().registry.getMetricsAsJSON()).map((metric) => metric.name).filter((name) => !/^perch_(process|nodejs)_/.test(name));
    expect(own.length).toBeGreaterThan(20);
    expect(own.filter((name) => !operations.includes(`\`${name}\``))).toEqual([]);
  });
});
