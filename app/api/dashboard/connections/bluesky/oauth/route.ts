// "Sign in with Bluesky": starts an atproto OAuth authorization for a handle and answers the
// PDS page to open. JSON rather than a form POST with a redirect: the dashboard's CSP allows
// forms to submit only to this origin, and browsers apply that to a form's redirects too.
import { z } from 'zod';
import { jsonError } from '@/lib/auth/route-user';
import { getBlueskyOAuthClient } from '@/lib/connections/bluesky-oauth-client';
import { startBlueskyAuthorization } from '@/lib/connections/bluesky-oauth-flow';
import { blueskyIdentifierSchema } from '@/lib/connections/bluesky-identifier';
import { blueskyRouteUser } from '@/lib/connections/bluesky-route-user';
import { rememberWorkspace } from '@/lib/workspaces/find-membership';
import { fieldErrors } from '@/lib/dashboard/field-errors';
import { readJsonBody } from '@/lib/dashboard/read-json-body';
import { InvalidInputError, PlatformError } from '@/lib/platform/errors';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

const startSchema = z.object({ handle: blueskyIdentifierSchema });

async function handlePost(request: Request): Promise<Response> {
  const { user, workspace, bluesky, response } = await blueskyRouteUser(request);
  if (response) return response;
  const client = getBlueskyOAuthClient(bluesky);
  // The provider's redirect names no workspace: the callback comes back to the last used one.
  await rememberWorkspace(user.id, workspace.id);
  if (!client) return jsonError(404, 'Sign in with Bluesky needs PERCH_PUBLIC_URL: connect with an app password instead');
  const body = await readJsonBody(request);
  if (!body.ok) return jsonError(body.status, body.message, body.errors);
  const input = startSchema.safeParse(body.body);
  if (!input.success) return jsonError(400, 'fix the highlighted fields', fieldErrors(input.error));
  try {
    const authorizeUrl = await startBlueskyAuthorization(client, workspace.id, input.data.handle);
    return Response.json({ authorize_url: authorizeUrl }, { headers: { 'cache-control': 'no-store' } });
  } catch (error) {
    if (error instanceof InvalidInputError) return jsonError(400, error.message, { handle: error.message });
    if (error instanceof PlatformError) return jsonError(502, error.message);
    throw error;
  }
}

export const POST = dashboardRoute(handlePost);
