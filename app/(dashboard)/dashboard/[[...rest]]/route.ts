// `/dashboard/…` without a workspace (bookmarks, sign-in's landing, links written before
// workspaces): the same page in the workspace the person last used. An HTTP redirect, not a
// page's redirect(): the client router follows it on a client-side navigation too.
import { getCurrentUser } from '@/lib/auth/get-current-user';
import { isDatabaseUnavailable, OUTAGE_RETRY_AFTER_SECONDS } from '@/lib/db/database-unavailable';
import { defaultMembership } from '@/lib/workspaces/find-membership';
import { workspaceHref } from '@/lib/workspaces/workspace-path';

export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  const url = new URL(request.url);
  // The client router's cache-busting parameter belongs to this request, not to the page.
  url.searchParams.delete('_rsc');
  const path = url.pathname + url.search;
  try {
    const user = await getCurrentUser();
    if (!user) return redirect(`/signin?callbackUrl=${encodeURIComponent(path)}`);
    const membership = await defaultMembership(user.id);
    if (!membership) return new Response('no workspace', { status: 404 });
    return redirect(workspaceHref(membership.workspace.slug, path));
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    return outagePage();
  }
}

function redirect(location: string): Response {
  return new Response(null, { status: 307, headers: { location, 'cache-control': 'no-store' } });
}

// Which workspace to open is in the database: while it is down, say so and ask again shortly,
// as dashboard pages do (the page reloads itself and then lands in the workspace).
function outagePage(): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="${OUTAGE_RETRY_AFTER_SECONDS}"><title>Database unavailable · Perch</title></head>
<body><main id="main"><h1>Database unavailable</h1><p>Perch cannot reach its database right now. This page tries again every ${OUTAGE_RETRY_AFTER_SECONDS} seconds and opens the dashboard when it is back.</p></main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: { 'content-type': 'text/html; charset=utf-8', 'retry-after': String(OUTAGE_RETRY_AFTER_SECONDS), 'cache-control': 'no-store' },
  });
}
