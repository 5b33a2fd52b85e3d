// `/dashboard/…` without a workspace (bookmarks, sign-in's landing, links written before
// workspaces): the same page in the workspace the person last used. An HTTP redirect, not a
// page's redirect(): the client router follows it on a client-side navigation too.
import { getCurrentUser } from '@/lib/auth/get-current-user';
import { defaultMembership } from '@/lib/workspaces/find-membership';
import { workspaceHref } from '@/lib/workspaces/workspace-path';

export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  const url = new URL(request.url);
  // The client router's cache-busting parameter belongs to this request, not to the page.
  url.searchParams.delete('_rsc');
  const path = url.pathname + url.search;
  const user = await getCurrentUser();
  if (!user) return redirect(`/signin?callbackUrl=${encodeURIComponent(path)}`);
  const membership = await defaultMembership(user.id);
  if (!membership) return new Response('no workspace', { status: 404 });
  return redirect(workspaceHref(membership.workspace.slug, path));
}

function redirect(location: string): Response {
  return new Response(null, { status: 307, headers: { location, 'cache-control': 'no-store' } });
}
