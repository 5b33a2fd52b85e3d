import { sendVerificationMail } from '@/lib/account/email-verification';
import { jsonError, routeUser } from '@/lib/auth/route-user';
import { publicOrigin } from '@/lib/oauth/public-origin';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

/** Mails a new confirmation link to the signed-in account's address. */
async function handlePost(request: Request): Promise<Response> {
  const { user, response } = await routeUser(request);
  if (response) return response;
  if (user.emailVerified) return jsonError(409, 'this email address is already confirmed');
  await sendVerificationMail(user.id, publicOrigin(request.headers));
  return Response.json({ sent: true }, { headers: { 'cache-control': 'no-store' } });
}

export const POST = dashboardRoute(handlePost);
