import { jsonError, routeUser } from '@/lib/auth/route-user';
import { readPlatformConfig, type BlueskySettings } from '@/lib/platform/platform-config';

export type BlueskyRouteUser = { user: { id: string }; bluesky: BlueskySettings; response?: never } | { user?: never; bluesky?: never; response: Response };

/** A Bluesky connection route's signed-in user and the deployment's Bluesky settings, or the response to send instead (404 when Bluesky is not served). */
export async function blueskyRouteUser(request: Request): Promise<BlueskyRouteUser> {
  const { user, response } = await routeUser(request);
  if (response) return { response };
  const bluesky = readPlatformConfig().bluesky;
  if (!bluesky) return { response: jsonError(404, 'this deployment does not serve Bluesky') };
  return { user, bluesky };
}
