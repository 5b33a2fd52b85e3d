import { splitWorkspacePath } from '@/lib/workspaces/workspace-path';
import type { UsageSource } from '@/lib/credits/types';

// Where a call came from, stored in usage_events.source: `api` for a call with a key's secret,
// `mcp` for a tool call made through /mcp with a key (an AI agent),
// and for the dashboard's session mount of /v2 the page that made it: `playground`,
// `explorer` (its reads, write buttons and compose box), `rules` (the Rules page: rules run
// as a key, webhooks, deliveries) and `dashboard` for any other dashboard page (Connections'
// compose box). Calls stored before the pages were told apart have `playground`.

/** The name of calls made from the dashboard without a key, where a key's name would otherwise stand. */
export const DASHBOARD_CALLS = 'Dashboard';

/** The header a dashboard page names itself in when it calls the session mount of /v2. */
export const SOURCE_HEADER = 'x-perch-source';

/** The sources a dashboard page may name; anything else is stored as `dashboard`. */
export const DASHBOARD_SOURCES = ['playground', 'explorer', 'rules', 'dashboard'] as const satisfies readonly UsageSource[];

export type DashboardSource = (typeof DASHBOARD_SOURCES)[number];

/** Every source, in the order filters list them. */
export const ALL_SOURCES: readonly UsageSource[] = ['api', 'mcp', ...DASHBOARD_SOURCES, 'export'];

const LABELS: Record<UsageSource, string> = { api: 'API', mcp: 'MCP (AI agents)', playground: 'Playground', explorer: 'Explorer', rules: 'Rules page', dashboard: 'Dashboard', export: 'Export' };

/** The source a dashboard request named in its header, `dashboard` when it named none we know. */
export function parseDashboardSource(header: string | null): DashboardSource {
  return (DASHBOARD_SOURCES as readonly string[]).includes(header ?? '') ? (header as DashboardSource) : 'dashboard';
}

/** The source of a call made from a dashboard page, from the page's path. */
export function sourceOfPage(browserPath: string): DashboardSource {
  const pathname = splitWorkspacePath(browserPath)?.rest ?? browserPath;
  if (pathname.startsWith('/dashboard/playground')) return 'playground';
  if (pathname.startsWith('/dashboard/explore')) return 'explorer';
  if (pathname.startsWith('/dashboard/rules')) return 'rules';
  return 'dashboard';
}

/** A source as people read it: "API", "Playground", "Explorer", "Rules page", "Dashboard". */
export function sourceName(source: string): string {
  return LABELS[source as UsageSource] ?? source;
}

/** A usage event's source as exported in CSV: the stored token (`api`, `playground`, `explorer`, `rules`, `dashboard`). */
export function sourceLabel(source: string): string {
  return source;
}

/** Keyless calls of one dashboard page, as lists name them: "Dashboard · Explorer", "Dashboard · other pages". */
export function dashboardPageName(source: string): string {
  return `${DASHBOARD_CALLS} · ${source === 'dashboard' ? 'other pages' : sourceName(source)}`;
}

/** Whom a call is shown as in lists: its key's name (and the dashboard page, when one called as the key), else the page. */
export function callerName(keyName: string | null, source: string): string {
  if (keyName) return source === 'api' ? keyName : `${keyName} (${sourceName(source)})`;
  return source === 'api' ? '—' : dashboardPageName(source);
}
