import { getKeyBudgets, type KeyBudgets } from '@/lib/budgets/key-budgets';
import { getPrisma } from '@/lib/db/prisma';
import { formatKeyDisplay } from '@/lib/keys/key-format';
import { isLiveStatus, type KeyStatus } from './key-status';

export type { KeyStatus } from './key-status';

/** A key as the dashboard shows it: never the key itself, which exists only at creation and rotation. */
export type KeySummary = {
  id: string;
  name: string;
  display: string;
  scopes: string[];
  rateLimit: number;
  createdAt: string;
  lastUsedAt: string | null;
  creditsSpent: number;
  creditLimit: number | null;
  /** What the limit still allows (spent and currently held credits deducted); null without a limit. */
  creditsRemaining: number | null;
  expiresAt: string | null;
  revokedAt: string | null;
  /** After a rotation: until when the replaced secret still works; null when it no longer does. */
  previousSecretValidUntil: string | null;
  status: KeyStatus;
  /** The email of the member who issued it; null for keys issued by the CLI or a since-deleted person. */
  createdBy: string | null;
  /** Whether the person looking may edit, rotate, revoke or delete it (their own key, or any key for admins). */
  manageable: boolean;
  /** The most one MCP tool call with this key may spend; null: the server's default (PERCH_MCP_MAX_CREDITS_PER_CALL). */
  mcpMaxCredits: number | null;
  /** Daily and monthly budgets with this period's spend and reset (docs/budgets.md). */
  budgets: KeyBudgets | null;
};

/** Who is looking: the keys they issued are theirs to manage; `all` for owners and admins. */
export type KeyManager = { personId: string; all: boolean };

const SELECT = {
  id: true,
  name: true,
  keyStart: true,
  keyEnd: true,
  scopes: true,
  rateLimit: true,
  createdAt: true,
  lastUsedAt: true,
  creditsSpent: true,
  creditsHeld: true,
  creditLimit: true,
  expiresAt: true,
  revokedAt: true,
  previousKeyExpiresAt: true,
  mcpMaxCredits: true,
  createdById: true,
  createdBy: { select: { email: true } },
} as const;

/** A workspace's keys (`userId`, the owner column), newest first: usable ones, then revoked and expired ones. */
export async function listKeys(userId: string, manager: KeyManager | null = null, now: Date = new Date()): Promise<KeySummary[]> {
  const keys = await getPrisma().apiKey.findMany({ where: { userId }, select: SELECT, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  const budgets = await getKeyBudgets(userId, keys.map((key) => key.id));
  const summaries = keys.map((key): KeySummary => {
    const creditsSpent = Number(key.creditsSpent);
    const creditLimit = key.creditLimit === null ? null : Number(key.creditLimit);
    const creditsRemaining = creditLimit === null ? null : Math.max(0, creditLimit - creditsSpent - Number(key.creditsHeld));
    const status: KeyStatus = key.revokedAt
      ? 'revoked'
      : key.expiresAt && key.expiresAt <= now
        ? 'expired'
        : creditsRemaining === 0
          ? 'limit_reached'
          : 'active';
    const graceLeft = !key.revokedAt && key.previousKeyExpiresAt && key.previousKeyExpiresAt > now;
    return {
      id: key.id,
      name: key.name,
      display: formatKeyDisplay(key),
      scopes: key.scopes,
      rateLimit: key.rateLimit,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
      creditsSpent,
      creditLimit,
      creditsRemaining,
      expiresAt: key.expiresAt?.toISOString() ?? null,
      revokedAt: key.revokedAt?.toISOString() ?? null,
      previousSecretValidUntil: graceLeft ? key.previousKeyExpiresAt!.toISOString() : null,
      status,
      createdBy: key.createdBy?.email ?? null,
      manageable: manager !== null && (manager.all || key.createdById === manager.personId),
      mcpMaxCredits: key.mcpMaxCredits === null ? null : Number(key.mcpMaxCredits),
      budgets: budgets.get(key.id) ?? null,
    };
  });
  // Stable sort: creation order within each group.
  return summaries.sort((a, b) => Number(!isLiveStatus(a.status)) - Number(!isLiveStatus(b.status)));
}
