// The dashboard's Bluesky connection: POST checks a handle (or DID) and app password against
// the deployment's Bluesky service and stores it sealed; DELETE removes it (an OAuth one's
// session is revoked at its authorization server too).
import { z } from 'zod';
import { connectBlueskyAccount } from '@/lib/admin/connect-bluesky';
import { personActor, recordAudit } from '@/lib/audit/record-audit';
import { clientIp } from '@/lib/auth/client-ip';
import { jsonError } from '@/lib/auth/route-user';
import { removeBlueskyConnection } from '@/lib/connections/bluesky-connection';
import { getBlueskyOAuthClient } from '@/lib/connections/bluesky-oauth-client';
import { endBlueskySessionUnlessUsed } from '@/lib/connections/bluesky-oauth-flow';
import { blueskyIdentifierSchema } from '@/lib/connections/bluesky-identifier';
import { blueskyRouteUser } from '@/lib/connections/bluesky-route-user';
import { fieldErrors } from '@/lib/dashboard/field-errors';
import { readJsonBody } from '@/lib/dashboard/read-json-body';
import { InvalidInputError, PlatformError, UpstreamRateLimitedError } from '@/lib/platform/errors';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

const connectSchema = z.object({
  identifier: blueskyIdentifierSchema,
  appPassword: z.string().trim().min(1, 'enter an app password').max(256, 'an app password is shorter than that'),
});

async function handlePost(request: Request): Promise<Response> {
  const { user, workspace, bluesky, response } = await blueskyRouteUser(request);
  if (response) return response;
  const body = await readJsonBody(request);
  if (!body.ok) return jsonError(body.status, body.message, body.errors);
  const input = connectSchema.safeParse(body.body);
  if (!input.success) return jsonError(400, 'fix the highlighted fields', fieldErrors(input.error));
  try {
    const account = await connectBlueskyAccount(workspace.id, input.data.identifier, input.data.appPassword, bluesky.serviceUrl, bluesky.timeoutMs);
    await recordAudit({ workspaceId: workspace.id, actor: personActor(user), action: 'connection.connected', target: { kind: 'connection', id: 'bluesky', label: account.handle }, ip: clientIp(request.headers) });
    return Response.json({ connected: true, did: account.did, handle: account.handle }, { headers: { 'cache-control': 'no-store' } });
  } catch (error) {
    if (error instanceof InvalidInputError) {
      return jsonError(400, error.message, { [error.path === 'identifier' ? 'identifier' : 'appPassword']: error.message });
    }
    if (error instanceof UpstreamRateLimitedError) return jsonError(503, 'Bluesky is rate-limiting Perch right now: try again in a minute');
    // Unreachable, timed out or failing: nothing was stored.
    if (error instanceof PlatformError) return jsonError(502, `Bluesky could not be reached at ${bluesky.serviceUrl}: ${error.message}`);
    throw error;
  }
}

async function handleDelete(request: Request): Promise<Response> {
  const { user, workspace, bluesky, response } = await blueskyRouteUser(request);
  if (response) return response;
  const removed = await removeBlueskyConnection(workspace.id);
  if (removed) await recordAudit({ workspaceId: workspace.id, actor: personActor(user), action: 'connection.disconnected', target: { kind: 'connection', id: 'bluesky', label: removed.did }, ip: clientIp(request.headers) });
  if (removed?.linkedVia === 'oauth') await endBlueskySessionUnlessUsed(getBlueskyOAuthClient(bluesky), removed.did);
  return Response.json({ disconnected: removed !== null }, { headers: { 'cache-control': 'no-store' } });
}

export const POST = dashboardRoute(handlePost);
export const DELETE = dashboardRoute(handleDelete);
