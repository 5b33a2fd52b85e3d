import { getPrisma } from '@/lib/db/prisma';
import { formatKeyDisplay } from '@/lib/keys/key-format';

export type KeyStatus = 'active' | 'revoked' | 'expired';

/** A key as the dashboard shows it: never the key itself, which exists only at creation. */
export type KeySummary = {
  id: string;
  name: string;
  display: string;
  scopes: string[];
  createdAt: string;
  lastUsedAt: string | null;
  creditsSpent: number;
  creditLimit: number | null;
  expiresAt: string | null;
  revokedAt: string | null;
  status: KeyStatus;
};

const SELECT = {
  id: true,
  name: true,
  keyStart: true,
  keyEnd: true,
  scopes: true,
  createdAt: true,
  lastUsedAt: true,
  creditsSpent: true,
  creditLimit: true,
  expiresAt: true,
  revokedAt: true,
} as const;

/** An account's keys, newest first: active ones, then revoked and expired ones. */
export async function listKeys(userId: string, now: Date = new Date()): Promise<KeySummary[]> {
  const keys = await getPrisma().apiKey.findMany({ where: { userId }, select: SELECT, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  const summaries = keys.map((key): KeySummary => {
    const status: KeyStatus = key.revokedAt ? 'revoked' : key.expiresAt && key.expiresAt <= now ? 'expired' : 'active';
    return {
      id: key.id,
      name: key.name,
      display: formatKeyDisplay(key),
      scopes: key.scopes,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
      creditsSpent: Number(key.creditsSpent),
      creditLimit: key.creditLimit === null ? null : Number(key.creditLimit),
      expiresAt: key.expiresAt?.toISOString() ?? null,
      revokedAt: key.revokedAt?.toISOString() ?? null,
      status,
    };
  });
  // Stable sort: creation order within each group.
  return summaries.sort((a, b) => Number(a.status !== 'active') - Number(b.status !== 'active'));
}
