import { z } from 'zod';
import { adminActor } from '@/lib/audit/audit-actors';
import { recordGrant } from '@/lib/audit/record-grant';
import { grantCredits } from '@/lib/credits';
import { correctCredits } from '@/lib/credits/correct-credits';
import { getPrisma } from '@/lib/db/prisma';
import { fieldErrors, type FieldErrors } from './field-errors';

export const adminGrantSchema = z.object({
  email: z.string({ error: 'Enter the account email' }).trim().toLowerCase().min(1, 'Enter the account email').pipe(z.email('Enter a valid email address')),
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
 * Validates the admin's grant form and grants the credits to the account with that email; a
 * negative amount takes credits back (a correction), refused beyond the balance at hand.
 * Recorded in the account's workspace's audit log as done by `admin` (the site admin signed in).
 */
export async function adminGrant(input: unknown, admin?: { id: string; email: string; ip?: string | null }): Promise<AdminGrantResult> {
  const parsed = adminGrantSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const { email, amount, reason } = parsed.data;
  const user = await getPrisma().user.findUnique({ where: { email }, select: { id: true } });
  if (!user) return { ok: false, errors: { email: 'No account has this email' } };
  // The account's own workspace holds its credits (the same id as the person).
  const audit = (balance: number) =>
    recordGrant({ workspaceId: user.id, label: email, amount, reason, balance }, adminActor({ id: admin?.id ?? null, label: admin?.email ?? 'a site admin' }), admin?.ip ?? null);
  if (amount < 0) {
    const corrected = await correctCredits(user.id, -amount, reason);
    if (!corrected.ok) {
      return { ok: false, errors: { amount: `The account has ${corrected.available.toLocaleString('en-US')} credits at hand: a correction can take back at most that` } };
    }
    await audit(corrected.balance);
    return { ok: true, email, amount, balance: corrected.balance };
  }
  const balance = await grantCredits(user.id, amount, reason);
  await audit(balance);
  return { ok: true, email, amount, balance };
}
