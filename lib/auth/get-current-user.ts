import { getServerSession } from 'next-auth';
import { cache } from 'react';
import { getPrisma } from '@/lib/db/prisma';
import { authOptions } from './auth-options';
import { currentSessionId } from './current-session-id';
import { isAdmin } from './is-admin';

export type CurrentUser = {
  id: string;
  email: string;
  name: string | null;
  isAdmin: boolean;
  emailVerified: boolean;
  twoFactor: boolean;
  /** False for accounts made by an OAuth sign-in, which have no password to re-enter. */
  hasPassword: boolean;
};

/**
 * The signed-in account, read fresh from the database (a deleted account, an ended session or
 * a revoked admin right takes effect at once, whatever the session token says); null when
 * signed out. Cached
 * per render, so a layout and its page share one lookup.
 */
export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const session = await getServerSession(authOptions());
  const id = (session?.user as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'string') return null;
  // The session row again (next-auth's jwt callback checked it, but lets a session through
  // when the database could not answer): an ended session never reaches a page or route.
  const sessionId = await currentSessionId();
  if (!sessionId) return null;
  const user = await getPrisma().user.findUnique({
    where: { id },
    select: {
      id: true,
      email: true,
      name: true,
      isAdmin: true,
      emailVerified: true,
      totpEnabledAt: true,
      passwordHash: true,
      deletedAt: true,
      sessions: { where: { sessionToken: sessionId, expires: { gt: new Date() } }, select: { id: true } },
    },
  });
  if (!user || user.deletedAt || user.sessions.length === 0) return null;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    isAdmin: isAdmin(user),
    emailVerified: user.emailVerified !== null,
    twoFactor: user.totpEnabledAt !== null,
    hasPassword: user.passwordHash !== null,
  };
});
