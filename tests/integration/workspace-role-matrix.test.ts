import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { issueKey } from '@/lib/keys/issue-key';
import { PERMISSIONS } from '@/lib/workspaces/roles';
import { WORKSPACE_HEADER, workspaceHref } from '@/lib/workspaces/workspace-path';
import { startServer, type RunningServer } from '../support/api-server';
import { dashboardRouteFiles, readSource, serverActionFiles } from '../support/dashboard-route-files';
import { FORBIDDEN_PAGE, expectedFor, judge, leaked, send } from '../support/role-matrix-verdict';
import { ACTORS, emailOf, isOutside, otherMembersEmails, seedWorld, signInEveryone, type Actor, type World } from '../support/shared-workspace-world';
import { ROUTE_CASES, SERVER_ACTIONS, type RouteCase } from '../support/workspace-route-table';

// Issue 28: every dashboard page, route handler and server action, called by one person of each
// role in a shared workspace, by a person from outside it and by a site administrator, over real
// HTTP against server.ts. A role the route's permission (PERMISSIONS) leaves out gets 403 or 404
// and none of the workspace's data; someone outside gets 404 as if it did not exist. The routes
// come from the file system, so a new one fails here until the table says what it needs.

const key = (route: string, method: string) => `${method} ${route}`;
const pages = new Set(dashboardRouteFiles().filter((file) => file.kind === 'page').map((file) => file.route));
const isPage = (route: string) => pages.has(route);

describe('the table covers every dashboard route', () => {
  it('lists each page and each exported method of each route file, and nothing else', () => {
    const onDisk = dashboardRouteFiles().flatMap((file) => file.methods.map((method) => key(file.route, method)));
    const listed = [...new Set(ROUTE_CASES.map((c) => key(c.route, c.method)))];
    expect({ unlisted: onDisk.filter((k) => !listed.includes(k)), gone: listed.filter((k) => !onDisk.includes(k)) }).toEqual({ unlisted: [], gone: [] });
    // Every route file exports something: a file whose methods were not read would be skipped.
    expect(dashboardRouteFiles().filter((file) => file.methods.length === 0)).toEqual([]);
  });

  it('names only permissions that lib/workspaces/roles.ts defines', () => {
    const named = ROUTE_CASES.map((c) => c.access).filter((a) => !['member', 'person', 'site-admin'].includes(a));
    expect(named.filter((a) => !(a in PERMISSIONS))).toEqual([]);
  });

  it('knows every server action, and those acting on a workspace ask for their permission', () => {
    expect(serverActionFiles()).toEqual(Object.keys(SERVER_ACTIONS).sort());
    for (const [file, access] of Object.entries(SERVER_ACTIONS)) {
      if (access === 'none') continue;
      if (access === 'site-admin') {
        // Every exported action asks for a site admin, itself or through the file's one helper that does (asAdmin).
        const [head, ...actions] = readSource(file).split(/^export async function /m);
        expect(actions.length, file).toBeGreaterThan(0);
        const helperAsks = /async function asAdmin\([^]*?requireAdmin\(\)/.test(head);
        for (const action of actions) expect(/requireAdmin\(\)/.test(action) || (helperAsks && /\basAdmin\(/.test(action)), `${file}: ${action.slice(0, 40)}`).toBe(true);
        continue;
      }
      expect(readSource(file), file).toMatch(new RegExp(`requireWorkspace\\(\\s*'${access.replace('.', '\\.')}'`));
    }
  });
});

describe('over HTTP', () => {
  let server: RunningServer;
  let world: World;

  beforeAll(async () => {
    const seeded = await seedWorld();
    server = await startServer(process.env.DATABASE_URL!, {
      ADMIN_EMAILS: emailOf('site-admin'),
      // Checkout answers 404 on a deployment that sells no credits; with these it reads the body
      // (which fails validation first: the Stripe address is never called).
      STRIPE_SECRET_KEY: 'sk_test_role_matrix',
      STRIPE_WEBHOOK_SECRET: 'whsec_role_matrix',
      STRIPE_API_URL: 'http://127.0.0.1:9',
    });
    world = { ...seeded, url: server.url, people: await signInEveryone(server.url, seeded.people) };
  }, 10 * 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  /** What `actor` must not see when refused: the workspace's data, other members' emails, and to non-members its name. */
  async function secretsFor(actor: Actor): Promise<string[]> {
    return [...(await world.sentinels()), ...otherMembersEmails(actor), ...(isOutside(actor) ? [world.workspace.name] : [])];
  }

  /** The path and headers of a case as the dashboard would name the shared workspace in them. */
  async function addressed(routeCase: RouteCase, actor: Actor): Promise<{ path: string; headers: Record<string, string> }> {
    const path = await routeCase.path(world, actor);
    const headers = { ...(typeof routeCase.headers === 'function' ? routeCase.headers(world) : routeCase.headers) };
    if (routeCase.addressing === 'header') headers[WORKSPACE_HEADER] = world.workspace.slug;
    if (routeCase.addressing === 'referer') headers.referer = `${world.url}${workspaceHref(world.workspace.slug, '/dashboard/connections')}`;
    return { path, headers };
  }

  /** Calls one case as `actor`; what is wrong with the answer, or null. */
  async function check(routeCase: RouteCase, actor: Actor): Promise<string | null> {
    const { path, headers } = await addressed(routeCase, actor);
    const answer = await send(world.people[actor].b, world.url, routeCase.method, path, routeCase.body, headers).catch((error: unknown) => {
      // A server that went away says why in its own output.
      throw new Error(`${routeCase.method} ${path}: ${String(error)}\nserver output:\n${server.output().slice(-4000)}`);
    });
    await routeCase.after?.(world, actor);
    const expected = expectedFor(routeCase.access, actor);
    const secrets = await secretsFor(actor);
    const problem =
      judge(expected, answer, secrets, {
        page: isPage(routeCase.route),
        unserved: routeCase.unserved,
        redirectsInto: routeCase.redirectsInto && workspaceHref(world.workspace.slug, routeCase.redirectsInto),
      }) ??
      // Someone from outside sees none of the workspace in any answer, even one they may have (their account's).
      (isOutside(actor) ? leaked(answer.body, secrets) : null);
    return problem && `${routeCase.method} ${path} (${routeCase.addressing}${routeCase.note ? `, ${routeCase.note}` : ''}) [${routeCase.access}, ${expected}]: ${problem}`;
  }

  it.each(ACTORS)('every route and method, as %s, in the shared workspace', async (actor) => {
    const problems: string[] = [];
    for (const routeCase of ROUTE_CASES) {
      const problem = await check(routeCase, actor);
      if (problem) problems.push(problem);
    }
    expect(problems).toEqual([]);
  }, 5 * 60_000);

  it('a refused page is the 403 page or the 404 page, never a sign-in', async () => {
    const viewer = world.people.viewer.b;
    const refused = await send(viewer, world.url, 'GET', workspaceHref(world.workspace.slug, '/dashboard/playground'), undefined, {});
    expect(refused.status).toBe(403);
    expect(refused.body).toContain(FORBIDDEN_PAGE);
    const outsider = await send(world.people.outsider.b, world.url, 'GET', workspaceHref(world.workspace.slug, '/dashboard/keys'), undefined, {});
    // (Its HTML carries the 403 page's text too, for client-side navigation: only the status tells.)
    expect(outsider.status).toBe(404);
  });

  it('an unprefixed /api/dashboard/keys acts on the workspace the member last used, only', async () => {
    const developer = world.people.developer;
    const own = `developer-personal-key-${developer.id.slice(-6)}`;
    await issueKey({ userId: developer.id, createdBy: developer.id, name: own, scopes: ['read'] });
    const lastUsed = async () => (await getPool().query<{ last_workspace_id: string }>('SELECT last_workspace_id FROM users WHERE id = $1', [developer.id])).rows[0].last_workspace_id;

    // Opening a page of the personal workspace makes it the one unprefixed routes act on.
    expect((await send(developer.b, world.url, 'GET', workspaceHref(developer.personalSlug, '/dashboard/keys'), undefined, {})).status).toBe(200);
    expect(await lastUsed()).toBe(developer.id);
    const personal = await send(developer.b, world.url, 'GET', '/api/dashboard/keys', undefined, {});
    expect(personal.status).toBe(200);
    expect(personal.body).toContain(own);
    expect(leaked(personal.body, await world.sentinels())).toBeNull();
    const made = await send(developer.b, world.url, 'POST', '/api/dashboard/keys', { name: 'made unprefixed', scopes: ['read'] }, {});
    expect(made.status, made.body).toBe(201);
    const madeId = (JSON.parse(made.body) as { key: { id: string } }).key.id;
    expect((await getPool().query('SELECT user_id, created_by FROM api_keys WHERE id = $1', [madeId])).rows).toEqual([{ user_id: developer.id, created_by: developer.id }]);

    // And the shared one, once opened.
    expect((await send(developer.b, world.url, 'GET', workspaceHref(world.workspace.slug, '/dashboard/keys'), undefined, {})).status).toBe(200);
    expect(await lastUsed()).toBe(world.workspace.id);
    const shared = await send(developer.b, world.url, 'GET', '/api/dashboard/keys', undefined, {});
    expect(shared.status).toBe(200);
    expect(shared.body).toContain(`matrix-developer-key-`);
    expect(shared.body).not.toContain(own);
    expect(shared.body).not.toContain('made unprefixed');
  });

  it('a viewer of the shared workspace still manages keys in the personal one they own', async () => {
    const viewer = world.people.viewer;
    const inWorkspace = (slug: string) => ({ [WORKSPACE_HEADER]: slug });
    const inShared = await send(viewer.b, world.url, 'POST', '/api/dashboard/keys', { name: 'viewer try', scopes: ['read'] }, inWorkspace(world.workspace.slug));
    expect(inShared.status).toBe(403);
    const made = await send(viewer.b, world.url, 'POST', '/api/dashboard/keys', { name: 'viewer own', scopes: ['read'] }, inWorkspace(viewer.personalSlug));
    expect(made.status, made.body).toBe(201);
    const id = (JSON.parse(made.body) as { key: { id: string } }).key.id;
    const renamed = await send(viewer.b, world.url, 'PATCH', `/api/dashboard/keys/${id}`, { name: 'viewer renamed' }, inWorkspace(viewer.personalSlug));
    expect(renamed.status, renamed.body).toBe(200);
    const revoked = await send(viewer.b, world.url, 'DELETE', `/api/dashboard/keys/${id}`, undefined, inWorkspace(viewer.personalSlug));
    expect(revoked.status, revoked.body).toBe(200);
    const rows = await getPool().query('SELECT user_id, name, revoked_at IS NOT NULL AS revoked FROM api_keys WHERE created_by = $1 ORDER BY created_at', [viewer.id]);
    // The fresh keys the matrix made in the viewer's name are in the shared workspace; this one alone is theirs.
    expect(rows.rows.filter((row) => row.user_id === viewer.id)).toEqual([{ user_id: viewer.id, name: 'viewer renamed', revoked: true }]);
    expect(rows.rows.filter((row) => row.user_id === world.workspace.id).map((row) => row.name)).not.toContain('viewer try');
  });

  it('?workspace= names the workspace of a download link as the header does', async () => {
    const link = `/api/dashboard/requests/export?workspace=${world.workspace.slug}`;
    expect((await send(world.people.viewer.b, world.url, 'GET', link, undefined, {})).status).toBe(200);
    const outsider = await send(world.people.outsider.b, world.url, 'GET', link, undefined, {});
    expect(outsider.status).toBe(404);
    expect(leaked(outsider.body, await secretsFor('outsider'))).toBeNull();
  });
});
