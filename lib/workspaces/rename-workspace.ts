import { z } from 'zod';
import { personActor, recordAudit } from '@/lib/audit/record-audit';
import { fieldErrors } from '@/lib/dashboard/field-errors';
import type { ActingMember } from './acting-member';
import { inTransaction } from '@/lib/db/transaction';
import { refuse, type Outcome } from './outcome';

export const WORKSPACE_NAME_MAX = 80;

const renameSchema = z.object({
  name: z.string().trim().min(1, 'Give the workspace a name').max(WORKSPACE_NAME_MAX, `Use at most ${WORKSPACE_NAME_MAX} characters`),
});

/**
 * Renames the workspace (the route has checked workspace.settings). The slug stays, so every
 * link and bookmark into it keeps working. Audited with the name before and after.
 */
export async function renameWorkspace(actor: ActingMember, input: unknown): Promise<Outcome<{ name: string }>> {
  const parsed = renameSchema.safeParse(input ?? {});
  if (!parsed.success) return refuse(400, 'fix the highlighted fields', fieldErrors(parsed.error));
  const { name } = parsed.data;
  return inTransaction(async (client): Promise<Outcome<{ name: string }>> => {
    const { rows } = await client.query<{ name: string }>(`SELECT name FROM workspaces WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [actor.workspace.id]);
    if (!rows[0]) return refuse(404, 'not found');
    const before = rows[0].name;
    if (before === name) return { ok: true, name };
    await client.query(`UPDATE workspaces SET name = $2 WHERE id = $1`, [actor.workspace.id, name]);
    await recordAudit(
      {
        workspaceId: actor.workspace.id,
        actor: personActor(actor.user),
        action: 'workspace.renamed',
        target: { kind: 'workspace', id: actor.workspace.id, label: name },
        ip: actor.ip,
        before: { name: before },
        after: { name },
      },
      client,
    );
    return { ok: true, name };
  });
}
