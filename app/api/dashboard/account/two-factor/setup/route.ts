import { startTotpEnrolment } from '@/lib/account/two-factor';
import { jsonError, routeUser } from '@/lib/auth/route-user';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

/** Starts two-factor enrolment: a new secret, its otpauth URI and QR code (SVG). */
async function handlePost(request: Request): Promise<Response> {
  const { user, response } = await routeUser(request);
  if (response) return response;
  const enrolment = await startTotpEnrolment(user.id);
  if (!enrolment) return jsonError(409, 'two-factor sign-in is already on: turn it off first to enrol a new app');
  return Response.json(enrolment, { headers: { 'cache-control': 'no-store' } });
}

export const POST = dashboardRoute(handlePost);
