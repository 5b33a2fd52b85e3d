import crypto from 'node:crypto';
import { z } from 'zod';
import { personActor, recordAudit } from '@/lib/audit/record-audit';
import type { CurrentUser } from '@/lib/auth/get-current-user';
import { fieldErrors } from '@/lib/dashboard/field-errors';
import { inTransaction } from '@/lib/db/transaction';
import { refuse, type Outcome } from './outcome';

// A person may create this many workspaces (not counting deleted ones): enough for real use,
// and a bound on what one account can make.
export const MAX_CREATED_WORKSPACES = 20;

const createSchema = z.object({ name: z.string('Give the workspace a name').trim().min(1, 'Give the workspace a name').max(80, 'Use at most 80 characters') });

/**
 * A URL-safe slug from the name (what the workspaces table's CHECK accepts: lowercase letters,
 * digits and inner dashes, at most 48) with a random suffix, so two "Acme"s never collide.
 */
export function slugFor(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 30)
    .replace(/^-+|-+$/g, '');
  return `${base || 'workspace'}-${crypto.randomBytes(3).toString('hex')}`;
}

/** Creates a shared workspace with its creator as owner and an empty balance (no sign-up credits). */
export async function createWorkspace(user: CurrentUser, input: unknown, ip: string | null): Promise<Outcome<{ id: string; slug: string; name: string }>> {
  const parsed = createSchema.safeParse(input);
  if (!parsed.success) return refuse(400, 'fix the highlighted fields', fieldErrors(parsed.error));
  const { name } = parsed.data;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const id = crypto.randomUUID().replaceAll('-', '');
    const slug = slugFor(name);
    try {
      return await inTransaction(async (client): Promise<Outcome<{ id: string; slug: string; name: string }>> => {
        // Locks the person's row, so two creations at once count each other.
        await client.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [user.id]);
        const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM workspaces WHERE created_by = $1 AND NOT personal AND deleted_at IS NULL`, [user.id]);
        if (rows[0].n >= MAX_CREATED_WORKSPACES) return refuse(409, `you can create at most ${MAX_CREATED_WORKSPACES} workspaces`);
        await client.query(`INSERT INTO workspaces (id, slug, name, personal, created_by) VALUES ($1, $2, $3, false, $4)`, [id, slug, name, user.id]);
        await client.query(`INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'owner')`, [id, user.id]);
        await client.query(`INSERT INTO credit_balances (user_id) VALUES ($1)`, [id]);
        await recordAudit({ workspaceId: id, actor: personActor(user), action: 'workspace.created', target: { kind: 'workspace', id, label: name }, ip, after: { name, slug } }, client);
        return { ok: true, id, slug, name };
      });
    } catch (error) {
      // A slug taken a moment ago: another suffix.
      if ((error as { code?: string; constraint?: string }).code === '23505' && attempt < 4) continue;
      throw error;
    }
  }
  throw new Error('unreachable');
}
