import { after } from 'next/server';
import { requestPasswordReset } from '@/lib/account/password-reset';
import { jsonError } from '@/lib/auth/route-user';
import { isSameOrigin } from '@/lib/auth/same-origin';
import { readJsonBody } from '@/lib/dashboard/read-json-body';
import { publicOrigin } from '@/lib/oauth/public-origin';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

/** Mails a reset link if the email has an account; answers the same either way. */
async function handlePost(request: Request): Promise<Response> {
  if (!isSameOrigin(request)) return jsonError(403, 'cross-site requests are not accepted');
  const body = await readJsonBody(request);
  if (!body.ok) return jsonError(body.status, body.message, body.errors);
  // The mail goes out after the answer, so the answer takes as long for an unknown email.
  const result = await requestPasswordReset(body.body, publicOrigin(request.headers), (task) => after(task));
  if (!result.ok) return jsonError(400, 'fix the highlighted fields', result.errors);
  return Response.json({ sent: true, message: 'If an account has this email, a reset link is on its way.' }, { headers: { 'cache-control': 'no-store' } });
}

export const POST = dashboardRoute(handlePost);
