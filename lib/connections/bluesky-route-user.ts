import { jsonError } from '@/lib/auth/route-user';
import { routeWorkspace } from '@/lib/auth/route-workspace';
import { readPlatformConfig, type BlueskySettings } from '@/lib/platform/platform-config';

export type BlueskyRouteUser = { user: { id: string; email: string }; workspace: { id: string }; bluesky: BlueskySettings; response?: never } | { user?: never; workspace?: never; bluesky?: never; response: Response };

/** A Bluesky connection route's signed-in member (who manages connections), workspace and the deployment's Bluesky settings, or the response to send instead (404 when Bluesky is not served). */
export async function blueskyRouteUser(request: Request): Promise<BlueskyRouteUser> {
  const { user, workspace, response } = await routeWorkspace(request, 'connections.manage');
  if (response) return { response };
  const bluesky = readPlatformConfig().bluesky;
  if (!bluesky) return { response: jsonError(404, 'this deployment does not serve Bluesky') };
  return { user, workspace, bluesky };
}
