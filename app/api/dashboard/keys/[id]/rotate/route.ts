import { recordAudit } from '@/lib/audit/record-audit';
import { routeKey } from '@/lib/auth/route-key';
import { jsonError } from '@/lib/auth/route-user';
import { readJsonBody } from '@/lib/dashboard/read-json-body';
import { ROTATION_GRACE_HOURS, rotateKey, type RotationGraceHours } from '@/lib/keys/rotate-key';
import { dashboardRoute } from '@/lib/dashboard/dashboard-route';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** Gives a key a new secret (shown in this response only); the old one works for `graceHours` more. */
async function handlePost(request: Request, context: Context): Promise<Response> {
  const { id } = await context.params;
  const { workspace, actor, ip, response } = await routeKey(request, id);
  if (response) return response;
  const body = await readJsonBody(request);
  if (!body.ok) return jsonError(body.status, body.message, body.errors);
  const graceHours = (body.body as { graceHours?: unknown } | null)?.graceHours;
  if (!ROTATION_GRACE_HOURS.includes(graceHours as RotationGraceHours)) {
    return jsonError(400, 'fix the highlighted fields', { graceHours: `Choose a grace period of ${ROTATION_GRACE_HOURS.join(', ')} hours` });
  }
  const rotated = await rotateKey(workspace.id, id, graceHours as RotationGraceHours);
  if (!rotated) return jsonError(404, 'no such key, or it is revoked');
  await recordAudit({ workspaceId: workspace.id, actor, action: 'key.rotated', target: { kind: 'key', id, label: rotated.name }, ip, after: { grace_hours: graceHours, display: rotated.display } });
  return Response.json(
    { key: { id: rotated.id, key: rotated.key, display: rotated.display, name: rotated.name }, graceEndsAt: rotated.graceEndsAt?.toISOString() ?? null },
    { headers: { 'cache-control': 'no-store' } },
  );
}

export const POST = dashboardRoute(handlePost);
