/**
 * The URL names the workspace: pages live at `/w/<slug>/dashboard/…`, and the dashboard's API
 * learns it from WORKSPACE_HEADER (set by proxy.ts, workspace-request.ts), so two tabs in two
 * workspaces never act on each other's.
 */
export const WORKSPACE_HEADER = 'x-perch-workspace';

// What a slug may look like in a URL (the workspaces table checks the exact form).
const SLUG = '[a-z0-9-]{1,48}';
const PREFIX = new RegExp(`^/w/(${SLUG})(?=/|$)`);
const WHOLE_SLUG = new RegExp(`^${SLUG}$`);

/** Whether `value` could be a workspace slug (a header or query parameter naming one). */
export function looksLikeSlug(value: string): boolean {
  return WHOLE_SLUG.test(value);
}

/** The slug and the path behind a `/w/<slug>` prefix, or null for an unprefixed path. */
export function splitWorkspacePath(pathname: string): { slug: string; rest: string } | null {
  const match = PREFIX.exec(pathname);
  if (!match) return null;
  return { slug: match[1], rest: pathname.slice(match[0].length) || '/' };
}

/** A dashboard page's path (`/dashboard/keys?x=1`) inside workspace `slug`. */
export function workspaceHref(slug: string, path: string): string {
  if (!path.startsWith('/')) throw new Error(`workspace paths start with "/": ${path}`);
  return `/w/${slug}${path}`;
}

/** The slug a browser path is in, or null outside any workspace. */
export function slugOfPath(pathname: string): string | null {
  return splitWorkspacePath(pathname)?.slug ?? null;
}

/**
 * The workspace of the page a same-origin request came from (its Referer), or null. A link or
 * form written as `/dashboard/…` on a page of `/w/acme/…` then stays in acme in that tab, even
 * when another tab has since opened another workspace.
 */
export function refererSlug(referer: string | null, host: string | null): string | null {
  if (!referer || !host) return null;
  try {
    const url = new URL(referer);
    return url.host === host ? slugOfPath(url.pathname) : null;
  } catch {
    return null;
  }
}


/** A dashboard API URL a plain link can follow (a CSV download): the workspace as `?workspace=`. */
export function workspaceApiHref(slug: string, path: string): string {
  const url = new URL(path, 'http://x');
  url.searchParams.set('workspace', slug);
  return url.pathname + url.search;
}
