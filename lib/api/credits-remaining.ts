import { getBalance } from '@/lib/credits';
import { isDatabaseUnavailable } from '@/lib/db/database-unavailable';
import { getMeter } from '@/lib/metering/meter';

// Perch-Credits-Remaining on an answer without meta.credits_remaining (an error): the balance
// as this instance's meter sees it (stored balance plus its unused leases, what
// credits_remaining says on a success), or, for an account it holds nothing for, the stored
// balance. That read is shared and kept for a second per account: a client hammering a key
// into 429s must not turn each refusal into a query.

const STORED_TTL_MS = 1_000;
const MAX_STORED = 10_000;

type Stored = { until: number; balance: Promise<number | null> };
const stored = new Map<string, Stored>();

/**
 * The account's credits remaining for an error answer, or null (header left out) when it
 * cannot be told cheaply: the database is what failed, or the read failed.
 */
export async function creditsRemainingOf(userId: string, failure?: unknown): Promise<number | null> {
  const seen = getMeter().view(userId);
  if (seen !== null) return seen;
  // The answer is a database outage: a balance read would only wait for the same timeout.
  if (failure !== undefined && isDatabaseUnavailable(failure)) return null;
  const now = Date.now();
  const entry = stored.get(userId);
  if (entry && entry.until > now) return entry.balance;
  if (stored.size >= MAX_STORED) stored.clear();
  const balance = getBalance(userId).catch(() => null);
  stored.set(userId, { until: now + STORED_TTL_MS, balance });
  return balance;
}
