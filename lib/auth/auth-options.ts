import { componentLogger } from '@/lib/observability/logger';
import { PrismaAdapter } from '@auth/prisma-adapter';
import type { NextAuthOptions } from 'next-auth';
import type { Adapter } from 'next-auth/adapters';
import CredentialsProvider from 'next-auth/providers/credentials';
import { recordSignInQuietly } from '@/lib/audit/record-sign-in';
import { getPrisma } from '@/lib/db/prisma';
import { authSecret } from './auth-secret';
import { clientIp } from './client-ip';
import { endDashboardSession, isDashboardSessionLive, SESSION_MAX_AGE_SECONDS, SessionEndedError, startDashboardSession } from './dashboard-sessions';
import { oauthProviders } from './oauth-providers';
import { grantSignupCreditsOnce } from './signup-credit-claim';
import { signupCredits } from './signup-credits';
import { verifyCredentials } from './verify-credentials';

const log = componentLogger('auth');

let options: NextAuthOptions | undefined;

/** The client's address of the request next-auth is answering (its events are not handed the request). */
async function requestIp(): Promise<string | null> {
  try {
    const { headers } = await import('next/headers');
    return clientIp(await headers());
  } catch {
    return null;
  }
}

/**
 * next-auth's configuration, built on first use rather than at import so that `next build`
 * (which imports route modules without a database or data directory) touches neither.
 */
export function authOptions(): NextAuthOptions {
  if (options) return options;
  // Without NEXTAUTH_URL, next-auth v4 would build every redirect on http://localhost:3000;
  // a self-hosted server on any other host or port has to take the origin from the request.
  if (!process.env.NEXTAUTH_URL) process.env.AUTH_TRUST_HOST ??= 'true';
  options = {
    secret: authSecret(),
    // Credentials sign-in only works with JWT sessions in next-auth v4; the adapter still
    // stores the users and linked accounts of OAuth sign-ins. Each JWT names a row in the
    // sessions table (see the jwt callback), so a session can be ended before it expires.
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    // @auth/prisma-adapter is typed for @auth/core; its methods are what next-auth v4 calls.
    adapter: PrismaAdapter(getPrisma() as never) as unknown as Adapter,
    pages: { signIn: '/signin', error: '/signin' },
    providers: [
      CredentialsProvider({
        name: 'Email and password',
        credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' }, code: { label: 'Authentication code', type: 'text' } },
        authorize: (credentials, req) =>
          verifyCredentials({ email: credentials?.email, password: credentials?.password, code: credentials?.code || undefined }, clientIp(req.headers ?? {})),
      }),
      ...oauthProviders(),
    ],
    callbacks: {
      // An account needs an email (it is the account's identity here); some OAuth profiles hide it.
      signIn: ({ user }) => Boolean(user.email),
      // A signed JWT alone would stay valid until it expires, whatever happened since: each
      // one carries a session row's id (sid), and is refused once that row is gone (sign-out,
      // password change, account deletion). Throwing makes next-auth answer "no session" and
      // clear the cookie.
      jwt: async ({ token, user }) => {
        if (user) {
          token.sub = user.id;
          token.sid = await startDashboardSession(user.id);
          return token;
        }
        if (typeof token.sid !== 'string' || typeof token.sub !== 'string') throw new SessionEndedError();
        let live: boolean;
        try {
          live = await isDashboardSessionLive(token.sid, token.sub);
        } catch (error) {
          // The database is unreachable: keep the cookie (clearing it would sign everyone out
          // during an outage). getCurrentUser checks the session row again before any
          // dashboard page or route serves anything.
          log.error({ err: error }, `could not check a session: ${(error as Error).message}`);
          return token;
        }
        if (!live) throw new SessionEndedError();
        return token;
      },
      session: ({ session, token }) => ({ ...session, user: { ...session.user, id: token.sub } }),
    },
    logger: {
      // An ended session is an expected outcome, not an error worth a stack trace per request.
      error: (code, metadata) => {
        if ((metadata as { name?: unknown } | undefined)?.name === 'SessionEndedError') return;
        log.error({ code, detail: metadata }, `next-auth error ${code}`);
      },
      warn: (code) => log.warn({ code }, `next-auth warning ${code}`),
      debug: () => undefined,
    },
    events: {
      // Password sign-ins are recorded where the password is checked (verifyCredentials, which
      // has the address); OAuth ones here, once the provider vouched for the person.
      signIn: async ({ user, account }) => {
        if (!account || account.provider === 'credentials' || !user.id || !user.email) return;
        await recordSignInQuietly({ id: user.id, email: user.email }, await requestIp(), { ok: true, method: account.provider });
      },
      signOut: async ({ token }) => {
        if (typeof token?.sid === 'string') await endDashboardSession(token.sid);
      },
      // Password accounts get their grant in finishSignUp; OAuth accounts are created by the
      // adapter. Either way once per address: a deleted account's address signs up without them.
      createUser: async ({ user }) => {
        if (user.email) await grantSignupCreditsOnce(user.id, user.email, signupCredits());
      },
    },
  };
  return options;
}
