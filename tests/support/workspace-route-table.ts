import type { Permission } from '@/lib/workspaces/roles';
import type { HttpMethod } from './dashboard-route-files';
import { freshExport } from './export-fixture';
import type { Actor, World } from './shared-workspace-world';

// What every dashboard page, route handler and server action needs, written down by hand: the
// role matrix test compares it with the file system (a route nobody listed fails) and calls
// every row as every role. Which roles hold a permission is NOT here: that is PERMISSIONS in
// lib/workspaces/roles.ts, the product's one table.

/**
 * A workspace permission; 'member': any member of the workspace (and only members);
 * 'person': any signed-in person, the workspace aside (their own account); 'site-admin': the
 * deployment's administrators (ADMIN_EMAILS), whatever their workspaces.
 */
export type Access = Permission | 'member' | 'person' | 'site-admin';

/**
 * How a request names the workspace, as the dashboard sends it: a page by its URL
 * (`/w/<slug>/dashboard/…`); an API call by the x-perch-workspace header its fetches send; a form
 * post by the Referer of the page it was posted from; an OAuth return (a URL registered with the
 * provider) and an unprefixed page by nothing: the workspace the person last opened.
 */
export type Addressing = 'url' | 'header' | 'referer' | 'last-opened';

export type RouteCase = {
  /** The file's URL pattern, as dashboardRouteFiles() names it. */
  route: string;
  method: HttpMethod;
  access: Access;
  addressing: Addressing;
  /** Which of several cases of one route and method this is. */
  note?: string;
  /** The path to call (a page's with the shared workspace's slug); may make a fixture the call is free to destroy. */
  path: (world: World, actor: Actor) => string | Promise<string>;
  body?: unknown;
  headers?: Record<string, string> | ((world: World) => Record<string, string>);
  /** Puts back what an allowed call took away (a member who left). */
  after?: (world: World, actor: Actor) => Promise<void>;
  /**
   * Answers everyone with a redirect (an OAuth return, an unprefixed page): an allowed caller goes
   * to this page of the shared workspace; a refused one or an outsider anywhere but there.
   */
  redirectsInto?: string;
  /** A 404 answering this is the deployment not serving the feature (no Bluesky here), not a refusal. */
  unserved?: RegExp;
};

/** A page of the workspace: `/w/[workspace]/dashboard/…`, called with the shared workspace's slug. */
function page(route: string, access: Access, segments: Record<string, string> = {}): RouteCase {
  const path = (w: World) => route.replace(/\[(\w+)\]/g, (_, name: string) => (name === 'workspace' ? w.workspace.slug : segments[name]));
  return { route, method: 'GET', access, addressing: 'url', path };
}

/** A dashboard API route: the workspace in the header, as the dashboard's fetches send it. */
function api(route: string, method: HttpMethod, access: Access, extra: Partial<RouteCase> = {}): RouteCase {
  return { route, method, access, addressing: 'header', path: () => route, ...extra };
}

// Mutations send bodies that fail validation ({}) where the route validates, so an allowed call
// changes nothing; those that would change a fixture act on one made for the call.
const EMPTY = {};
const NO_BLUESKY = /does not serve Bluesky/;
const V2 = { 'x-perch-dashboard': '1' };
// The Rules page calls as one of the workspace's keys: rules belong to a key.
const V2_AS_KEY = (world: World) => ({ ...V2, 'x-perch-key-id': world.ids.ownerKey });

/** The member whose key is "another member's" for `actor`: the admin's, or the owner's for the admin. */
function otherMemberId(world: World, actor: Actor): string {
  return actor === 'admin' ? world.people.owner.id : world.people.admin.id;
}

/** An OAuth return with a made-up code and state, after the person opened the shared workspace. */
function oauthReturn(route: string): RouteCase {
  return {
    route,
    method: 'GET',
    access: 'connections.manage',
    addressing: 'last-opened',
    redirectsInto: '/dashboard/connections',
    path: async (w, actor) => {
      await w.openShared(actor);
      return `${route}?code=made-up&state=made-up`;
    },
  };
}

/** A form post of the connections page. */
function formPost(route: string): RouteCase {
  return { route, method: 'POST', access: 'connections.manage', addressing: 'referer', path: () => route };
}

/** keys/[id] cases: the acting person's own key, and another member's. */
function keyCases(route: string, method: HttpMethod, suffix: string, body?: unknown): RouteCase[] {
  return [
    { route, method, access: 'keys.manage_own', addressing: 'header', note: 'own key', body, path: async (w, actor) => `/api/dashboard/keys/${await w.freshKey(w.people[actor].id)}${suffix}` },
    { route, method, access: 'keys.manage_all', addressing: 'header', note: "another member's key", body, path: async (w, actor) => `/api/dashboard/keys/${await w.freshKey(otherMemberId(w, actor))}${suffix}` },
  ];
}

export const ROUTE_CASES: RouteCase[] = [
  // Pages.
  page('/w/[workspace]/dashboard', 'usage.view'),
  page('/w/[workspace]/dashboard/playground', 'api.call'),
  page('/w/[workspace]/dashboard/explore', 'api.call'),
  page('/w/[workspace]/dashboard/explore/trends', 'api.call'),
  page('/w/[workspace]/dashboard/explore/communities/[id]', 'api.call', { id: '1' }),
  page('/w/[workspace]/dashboard/explore/lists/[id]', 'api.call', { id: '1' }),
  page('/w/[workspace]/dashboard/explore/tweets/[id]', 'api.call', { id: '1' }),
  page('/w/[workspace]/dashboard/explore/users/[username]', 'api.call', { username: 'jack' }),
  page('/w/[workspace]/dashboard/keys', 'keys.view'),
  page('/w/[workspace]/dashboard/rules', 'rules.view'),
  page('/w/[workspace]/dashboard/exports', 'exports.view'),
  page('/w/[workspace]/dashboard/usage', 'usage.view'),
  page('/w/[workspace]/dashboard/requests', 'usage.view'),
  page('/w/[workspace]/dashboard/billing', 'billing.view'),
  page('/w/[workspace]/dashboard/connections', 'connections.view'),
  page('/w/[workspace]/dashboard/settings', 'member'),
  page('/w/[workspace]/dashboard/audit', 'audit.view'),
  page('/w/[workspace]/dashboard/members', 'members.view'),
  page('/w/[workspace]/dashboard/workspace', 'workspace.settings'),
  // Any member may start a new workspace from this one; an outsider is shown nothing of it.
  page('/w/[workspace]/dashboard/workspaces/new', 'member'),
  // A page without a workspace: the same page in the one the person last opened.
  {
    route: '/dashboard/[[...rest]]',
    method: 'GET',
    access: 'member',
    addressing: 'last-opened',
    redirectsInto: '/dashboard/keys',
    path: async (w, actor) => {
      await w.openShared(actor);
      return '/dashboard/keys';
    },
  },

  // The connections page's form posts and OAuth returns.
  formPost('/dashboard/connections/connect'),
  formPost('/dashboard/connections/disconnect'),
  formPost('/dashboard/connections/x/connect'),
  formPost('/dashboard/connections/x/disconnect'),
  oauthReturn('/dashboard/connections/callback'),
  oauthReturn('/dashboard/connections/bluesky/callback'),
  oauthReturn('/dashboard/connections/x/callback'),

  // The person's own account: no workspace in it.
  api('/api/dashboard/account/delete', 'POST', 'person', { body: EMPTY }),
  api('/api/dashboard/account/password', 'POST', 'person', { body: EMPTY }),
  api('/api/dashboard/account/two-factor/confirm', 'POST', 'person', { body: EMPTY }),
  api('/api/dashboard/account/two-factor/disable', 'POST', 'person', { body: EMPTY }),
  api('/api/dashboard/account/two-factor/recovery-codes', 'GET', 'person'),
  api('/api/dashboard/account/two-factor/recovery-codes', 'POST', 'person', { body: EMPTY }),
  api('/api/dashboard/account/two-factor/setup', 'POST', 'person', { body: EMPTY }),
  api('/api/dashboard/account/verification-mail', 'POST', 'person'),

  api('/api/dashboard/account/deletion-preview', 'GET', 'person'),
  api('/api/dashboard/workspaces', 'GET', 'person'),
  api('/api/dashboard/workspaces', 'POST', 'person', { body: EMPTY }),
  // The invitee is not a member yet: the token decides, not a role.
  api('/api/dashboard/invitations/respond', 'POST', 'person', { body: EMPTY }),

  api('/api/dashboard/admin/grants', 'POST', 'site-admin', { body: EMPTY }),

  api('/api/dashboard/audit', 'GET', 'audit.view'),
  api('/api/dashboard/audit/export', 'GET', 'audit.view'),

  api('/api/dashboard/members', 'GET', 'members.view'),
  api('/api/dashboard/members/[userId]', 'PATCH', 'members.manage', { body: EMPTY, path: (w) => `/api/dashboard/members/${w.people.viewer.id}` }),
  api('/api/dashboard/members/[userId]', 'DELETE', 'members.manage', { path: async (w) => `/api/dashboard/members/${await w.freshMember()}` }),
  // Any member may leave (the last owner may not): whoever did is put back for the next case.
  api('/api/dashboard/members/leave', 'POST', 'members.view', { after: (w, actor) => w.restoreMembership(actor) }),
  api('/api/dashboard/invitations', 'POST', 'members.manage', { body: EMPTY }),
  api('/api/dashboard/invitations/[id]', 'DELETE', 'members.manage', { path: async (w) => `/api/dashboard/invitations/${await w.freshInvitation()}` }),
  api('/api/dashboard/invitations/[id]/resend', 'POST', 'members.manage', { path: async (w) => `/api/dashboard/invitations/${await w.freshInvitation()}/resend` }),

  api('/api/dashboard/workspace', 'GET', 'usage.view'),
  api('/api/dashboard/workspace', 'PATCH', 'workspace.settings', { body: EMPTY }),
  api('/api/dashboard/workspace/delete', 'GET', 'workspace.delete'),
  api('/api/dashboard/workspace/delete', 'POST', 'workspace.delete', { body: EMPTY }),

  api('/api/dashboard/balance', 'GET', 'usage.view'),
  api('/api/dashboard/billing/alert', 'PATCH', 'billing.manage', { body: EMPTY }),
  api('/api/dashboard/billing/budgets', 'GET', 'billing.view'),
  api('/api/dashboard/billing/budgets', 'PUT', 'billing.manage', { body: EMPTY }),
  api('/api/dashboard/billing/budgets', 'POST', 'billing.manage', { body: EMPTY }),
  api('/api/dashboard/billing/checkout', 'POST', 'billing.manage', { body: EMPTY }),

  api('/api/dashboard/connections/bluesky', 'POST', 'connections.manage', { body: EMPTY, unserved: NO_BLUESKY }),
  api('/api/dashboard/connections/bluesky', 'DELETE', 'connections.manage', { unserved: NO_BLUESKY }),
  api('/api/dashboard/connections/bluesky/oauth', 'POST', 'connections.manage', { body: EMPTY, unserved: NO_BLUESKY }),

  api('/api/dashboard/keys', 'GET', 'keys.view'),
  api('/api/dashboard/keys', 'POST', 'keys.manage_own', { body: EMPTY }),
  ...keyCases('/api/dashboard/keys/[id]', 'PATCH', '', { name: 'renamed by the matrix' }),
  ...keyCases('/api/dashboard/keys/[id]', 'DELETE', ''),
  ...keyCases('/api/dashboard/keys/[id]/rotate', 'POST', '/rotate', EMPTY),

  api('/api/dashboard/realtime', 'GET', 'rules.view'),
  api('/api/dashboard/realtime/matches', 'GET', 'rules.view'),
  api('/api/dashboard/realtime/rules/[ruleId]/events', 'GET', 'rules.view', { path: (w) => `/api/dashboard/realtime/rules/${w.ids.rule}/events` }),
  api('/api/dashboard/recent', 'GET', 'usage.view'),
  api('/api/dashboard/requests', 'GET', 'usage.view'),
  api('/api/dashboard/requests/[requestId]', 'GET', 'usage.view', { path: (w) => `/api/dashboard/requests/${w.ids.request}` }),
  api('/api/dashboard/requests/export', 'GET', 'usage.view'),
  api('/api/dashboard/usage/export', 'GET', 'usage.view', { path: () => '/api/dashboard/usage/export?kind=operations' }),
  // The Exports page's download link: a plain link, so the workspace comes as ?workspace= (which
  // the header the matrix sends stands in for); free, so readers of exports may follow it.
  api('/api/dashboard/exports/[exportId]/download', 'GET', 'exports.view', { path: async (w) => `/api/dashboard/exports/${await freshExport(w.workspace.id)}/download` }),

  // The dashboard's /v2: reads and ordinary calls spend credits (api.call); endpoints and rules
  // are managed (their writes need endpoints.manage and rules.manage).
  api('/api/dashboard/v2/[...path]', 'GET', 'api.call', { note: 'GET /v2/account', headers: V2, path: () => '/api/dashboard/v2/account' }),
  api('/api/dashboard/v2/[...path]', 'GET', 'api.call', { note: 'GET /v2/webhooks', headers: V2, path: () => '/api/dashboard/v2/webhooks' }),
  api('/api/dashboard/v2/[...path]', 'POST', 'api.call', { note: 'POST /v2/tweets/create', headers: V2, body: EMPTY, path: () => '/api/dashboard/v2/tweets/create' }),
  api('/api/dashboard/v2/[...path]', 'POST', 'endpoints.manage', { note: 'POST /v2/webhooks', headers: V2, body: EMPTY, path: () => '/api/dashboard/v2/webhooks' }),
  api('/api/dashboard/v2/[...path]', 'DELETE', 'endpoints.manage', { note: 'DELETE /v2/webhooks/{id}', headers: V2, path: async (w) => `/api/dashboard/v2/webhooks/${await w.freshEndpoint()}` }),
  api('/api/dashboard/v2/[...path]', 'POST', 'rules.manage', { note: 'POST /v2/rules', body: EMPTY, headers: V2_AS_KEY, path: () => '/api/dashboard/v2/rules' }),
  api('/api/dashboard/v2/[...path]', 'DELETE', 'rules.manage', { note: 'DELETE /v2/rules/{id}', headers: V2_AS_KEY, path: async (w) => `/api/dashboard/v2/rules/${await w.freshRule()}` }),
  // Exports: reading them (list, one) is exports.view; estimating, starting, cancelling and deleting exports.manage.
  api('/api/dashboard/v2/[...path]', 'GET', 'exports.view', { note: 'GET /v2/exports', headers: V2, path: () => '/api/dashboard/v2/exports' }),
  api('/api/dashboard/v2/[...path]', 'GET', 'exports.view', { note: 'GET /v2/exports/{id}', headers: V2, path: async (w) => `/api/dashboard/v2/exports/${await freshExport(w.workspace.id)}` }),
  api('/api/dashboard/v2/[...path]', 'POST', 'exports.manage', { note: 'POST /v2/exports/estimate', headers: V2, body: EMPTY, path: () => '/api/dashboard/v2/exports/estimate' }),
  api('/api/dashboard/v2/[...path]', 'POST', 'exports.manage', { note: 'POST /v2/exports', headers: V2, body: EMPTY, path: () => '/api/dashboard/v2/exports' }),
  api('/api/dashboard/v2/[...path]', 'POST', 'exports.manage', { note: 'POST /v2/exports/{id}/cancel', headers: V2, path: async (w) => `/api/dashboard/v2/exports/${await freshExport(w.workspace.id)}/cancel` }),
  api('/api/dashboard/v2/[...path]', 'DELETE', 'exports.manage', { note: 'DELETE /v2/exports/{id}', headers: V2, path: async (w) => `/api/dashboard/v2/exports/${await freshExport(w.workspace.id)}` }),
];

/**
 * Server actions ('use server' files under app/) and what they act on: 'none' for those outside
 * any workspace (sign-up, the platform's OAuth consent); a permission for those that change a
 * workspace's data, which must then ask for it.
 */
export const SERVER_ACTIONS: Record<string, Permission | 'none' | 'site-admin'> = {
  'app/(auth)/signup/actions.ts': 'none',
  // The price list's forms (/admin/prices): site admins only, whatever their workspaces.
  'app/admin/prices/actions.ts': 'site-admin',
  'app/platform/oauth/authorize/actions.ts': 'none',
};
