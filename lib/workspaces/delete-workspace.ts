import { z } from 'zod';
import { confirmIdentity, identityFields } from '@/lib/account/confirm-identity';
import { personActor, recordAudit } from '@/lib/audit/record-audit';
import type { ActingMember } from './acting-member';
import { closeWorkspace } from './close-workspace';
import { workspaceDeletionPreview, type WorkspaceDeletionPreview } from './deletion-preview';
import { refuse, type Outcome } from './outcome';

const deleteWorkspaceSchema = z.object({ ...identityFields, confirmName: z.string().max(200).optional() });

/**
 * Deletes a shared workspace for good (the route has checked workspace.delete: owners only),
 * once its name is typed out and the owner's password and, with two-factor on, a code are
 * re-checked. What goes (closeWorkspace) is what the preview said; the audit line keeps those
 * figures. A personal workspace is not deleted here: it goes with its person's account.
 */
export async function deleteWorkspace(actor: ActingMember, input: unknown): Promise<Outcome<{ deleted: WorkspaceDeletionPreview }>> {
  if (actor.workspace.personal) {
    return refuse(409, 'a personal workspace is deleted with its account', { form: 'Your personal workspace goes with your account: delete the account in Settings instead' });
  }
  const parsed = deleteWorkspaceSchema.safeParse(input ?? {});
  if (!parsed.success) return refuse(400, 'fix the highlighted fields', { form: 'Fill in the fields to confirm' });
  const preview = await workspaceDeletionPreview(actor.workspace.id);
  if (!preview) return refuse(404, 'not found');
  // The name first: a mistyped name must not spend a one-time code.
  if (parsed.data.confirmName?.trim() !== preview.name) return refuse(400, 'fix the highlighted fields', { confirmName: `Type the workspace's name (${preview.name}) to confirm` });
  const identity = await confirmIdentity(actor.user.id, parsed.data);
  if (!identity.ok) return refuse(400, 'fix the highlighted fields', identity.errors);
  if (!(await closeWorkspace(actor.workspace.id))) return refuse(404, 'not found');
  await recordAudit({
    workspaceId: preview.id,
    actor: personActor(actor.user),
    action: 'workspace.deleted',
    target: { kind: 'workspace', id: preview.id, label: preview.name },
    ip: actor.ip,
    before: preview,
  });
  return { ok: true, deleted: preview };
}
