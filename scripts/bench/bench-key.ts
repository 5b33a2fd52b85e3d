// A read key of a benchmark's own account (found by email, made the first time), with more
// credits than any run spends: what every benchmark calling /v2 starts from. It imports Perch's
// database modules, so a benchmark that points DATABASE_URL at a database of its own
// (bench-database.ts) imports this dynamically afterwards.
import { accountIdByEmail, createAccount } from '@/lib/admin/create-account';
import { grantCredits } from '@/lib/credits';
import { issueKey } from '@/lib/keys';

export type BenchKeyOptions = {
  /** The key's name, followed by the time it was issued. */
  name: string;
  credits?: number;
  /** The grant's reason in the credit ledger. */
  reason?: string;
};

/** Issues a key of the account `email` (made if missing) after granting it `credits`. */
export async function benchKey(email: string, { name, credits = 1_000_000_000_000, reason = 'benchmark' }: BenchKeyOptions): Promise<{ key: string; userId: string }> {
  const userId = await accountIdByEmail(email).catch(async () => (await createAccount({ email, password: 'bench-password-123', credits: 0 })).id);
  await grantCredits(userId, credits, reason);
  const { key } = await issueKey({ userId, name: `${name} ${new Date().toISOString()}`, scopes: ['read'], rateLimit: 100_000 });
  return { key, userId };
}
