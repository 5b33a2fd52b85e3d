// "Disconnect": deletes the connection and its sealed tokens and revokes the grant at the platform.
import { routeUser } from '@/lib/auth/route-user';
import { disconnectPlatformAccount } from '@/lib/connections/disconnect';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function POST(request: Request): Promise<Response> {
  const { user, response } = await routeUser(request);
  if (response) return response;
  await disconnectPlatformAccount(user.id);
  return new Response(null, { status: 303, headers: { location: '/dashboard/connections?disconnected=1', 'cache-control': 'no-store' } });
}
