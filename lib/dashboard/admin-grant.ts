import { z } from 'zod';
import { adminActor } from '@/lib/audit/audit-actors';
import { recordGrant } from '@/lib/audit/record-grant';
import { grantCredits } from '@/lib/credits';
import { correctCredits } from '@/lib/credits/correct-credits';
import { workspaceBySlugOrId } from '@/lib/admin/find-workspace';
import { getPrisma } from '@/lib/db/prisma';
import { fieldErrors, type FieldErrors } from './field-errors';

export const adminGrantSchema = z.object({
  // A person's email (their personal workspace, as before workspaces) or a workspace's slug or id.
  email: z.string({ error: 'Enter the account email or a workspace' }).trim().toLowerCase().min(1, 'Enter the account email or a workspace'),
  amount: z
    .union([z.string(), z.number()], { error: 'Enter a whole number of credits' })
    .transform((value) => String(value).trim())
    // A negative amount corrects a wrong grant: it takes the credits back, ledgered with the reason.
    .pipe(z.string().regex(/^-?[0-9]+$/, 'Enter a whole number of credits (negative to take credits back)').transform(Number))
    .pipe(
      z
        .number()
        .int()
        .refine((n) => n !== 0, 'Grant at least 1 credit, or take back at least 1 with a negative number')
        .refine((n) => Math.abs(n) <= 1_000_000_000_000, 'Grant or take back at most 1,000,000,000,000 credits'),
    ),
  reason: z.string({ error: 'Say why the credits are granted' }).trim().min(1, 'Say why the credits are granted').max(200, 'Use at most 200 characters'),
});

export type AdminGrantResult = { ok: true; email: string; amount: number; balance: number } | { ok: false; errors: FieldErrors };

/**
 * Validates the admin's grant form and grants the credits to the account with that email (its
 * personal workspace) or to the workspace with that slug; a
 * negative amount takes credits back (a correction), refused beyond the balance at hand.
 * Recorded in the account's workspace's audit log as done by `admin` (the site admin signed in).
 */
export async function adminGrant(input: unknown, admin?: { id: string; email: string; ip?: string | null }): Promise<AdminGrantResult> {
  const parsed = adminGrantSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const { email, amount, reason } = parsed.data;
  const target = await grantTarget(email);
  if ('error' in target) return { ok: false, errors: { email: target.error } };
  const audit = (balance: number) =>
    recordGrant({ workspaceId: target.id, label: email, amount, reason, balance }, adminActor({ id: admin?.id ?? null, label: admin?.email ?? 'a site admin' }), admin?.ip ?? null);
  if (amount < 0) {
    const corrected = await correctCredits(target.id, -amount, reason);
    if (!corrected.ok) {
      return { ok: false, errors: { amount: `The account has ${corrected.available.toLocaleString('en-US')} credits at hand: a correction can take back at most that` } };
    }
    await audit(corrected.balance);
    return { ok: true, email, amount, balance: corrected.balance };
  }
  const balance = await grantCredits(target.id, amount, reason);
  await audit(balance);
  return { ok: true, email, amount, balance };
}

/** The workspace a grant goes to: an email names that person's personal workspace (the same id). */
async function grantTarget(named: string): Promise<{ id: string } | { error: string }> {
  if (named.includes('@')) {
    if (!z.email().safeParse(named).success) return { error: 'Enter a valid email address' };
    const user = await getPrisma().user.findUnique({ where: { email: named }, select: { id: true } });
    return user ? { id: user.id } : { error: 'No account has this email' };
  }
  try {
    return { id: (await workspaceBySlugOrId(named)).id };
  } catch (error) {
    const message = (error as Error).message;
    return { error: message.charAt(0).toUpperCase() + message.slice(1) };
  }
}
