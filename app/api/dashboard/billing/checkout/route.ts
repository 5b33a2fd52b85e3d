import { jsonError } from '@/lib/auth/route-user';
import { routeWorkspace } from '@/lib/auth/route-workspace';
import { createCheckout } from '@/lib/billing/create-checkout';
import { readStripeConfig } from '@/lib/billing/stripe-config';
import { readJsonBody } from '@/lib/dashboard/read-json-body';
import { publicOrigin } from '@/lib/oauth/public-origin';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

/** Starts a Stripe Checkout for a credit pack; answers the checkout page's URL to go to. */
async function handlePost(request: Request): Promise<Response> {
  const { user, workspace, response } = await routeWorkspace(request, 'billing.manage');
  if (response) return response;
  const config = readStripeConfig();
  if (!config) return jsonError(404, 'credits are not sold on this deployment: an administrator grants them');
  const body = await readJsonBody(request);
  if (!body.ok) return jsonError(body.status, body.message, body.errors);
  const pack = (body.body as { pack?: unknown } | null)?.pack;
  const result = await createCheckout(config, { id: workspace.id, email: user.email }, pack, publicOrigin(request.headers));
  if (!result.ok) return jsonError(result.status, result.message);
  return Response.json({ url: result.url }, { headers: { 'cache-control': 'no-store' } });
}

export const POST = dashboardRoute(handlePost);
