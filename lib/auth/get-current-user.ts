import { getServerSession } from 'next-auth';
import { cache } from 'react';
import { getPrisma } from '@/lib/db/prisma';
import { authOptions } from './auth-options';
import { isAdmin } from './is-admin';

export type CurrentUser = { id: string; email: string; name: string | null; isAdmin: boolean };

/**
 * The signed-in account, read fresh from the database (a deleted account or a revoked admin
 * right takes effect at once, whatever the session token says); null when signed out. Cached
 * per render, so a layout and its page share one lookup.
 */
export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const session = await getServerSession(authOptions());
  const id = (session?.user as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'string') return null;
  const user = await getPrisma().user.findUnique({ where: { id }, select: { id: true, email: true, name: true, isAdmin: true } });
  if (!user) return null;
  return { ...user, isAdmin: isAdmin(user) };
});
