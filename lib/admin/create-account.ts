import { z } from 'zod';
import { grantCredits } from '@/lib/credits';
import { getPrisma } from '@/lib/db/prisma';
import { MIN_PASSWORD_LENGTH, hashPassword } from '@/lib/auth/password';

export const accountInputSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('must be an email address')),
  password: z.string().min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`).max(256),
  admin: z.boolean().default(false),
  credits: z.number().int().min(0).max(1_000_000_000_000),
  reason: z.string().default('signup credits'),
});

export type AccountInput = z.input<typeof accountInputSchema>;

/** The account already exists. */
export class AccountExistsError extends Error {
  constructor(email: string) {
    super(`an account with the email ${email} already exists`);
    this.name = 'AccountExistsError';
  }
}

/** Creates an account with an argon2id password hash and its starting credits as a grant. */
export async function createAccount(input: AccountInput): Promise<{ id: string; email: string }> {
  const { email, password, admin, credits, reason } = accountInputSchema.parse(input);
  const prisma = getPrisma();
  if (await prisma.user.findUnique({ where: { email }, select: { id: true } })) throw new AccountExistsError(email);
  const user = await prisma.user.create({
    data: { email, passwordHash: await hashPassword(password), isAdmin: admin },
    select: { id: true, email: true },
  });
  // The users trigger made the personal workspace (same id); it owns the balance.
  await prisma.creditBalance.create({ data: { userId: user.id, balance: 0n } });
  if (credits > 0) await grantCredits(user.id, credits, reason);
  return user;
}

/** The account id for an email; throws a clear error when there is none. */
export async function accountIdByEmail(email: string): Promise<string> {
  const user = await getPrisma().user.findUnique({ where: { email: email.trim().toLowerCase() }, select: { id: true } });
  if (!user) throw new Error(`no account with the email ${email}`);
  return user.id;
}
