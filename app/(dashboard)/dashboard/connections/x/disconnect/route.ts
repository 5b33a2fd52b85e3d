// "Disconnect X account": deletes the X connection and its sealed tokens, so no write acts as
// the account any more. Nothing is sent to X: a disconnect works while X is down, and the owner
// removes the app from the account at X (Settings, Connected apps) to end the grant there.
import { routeUser } from '@/lib/auth/route-user';
import { removeXConnection } from '@/lib/connections/x-connection';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function POST(request: Request): Promise<Response> {
  const { user, response } = await routeUser(request);
  if (response) return response;
  await removeXConnection(user.id);
  return new Response(null, { status: 303, headers: { location: '/dashboard/connections?x=disconnected', 'cache-control': 'no-store' } });
}
