import { PrismaAdapter } from '@auth/prisma-adapter';
import type { NextAuthOptions } from 'next-auth';
import type { Adapter } from 'next-auth/adapters';
import CredentialsProvider from 'next-auth/providers/credentials';
import { grantCredits } from '@/lib/credits';
import { getPrisma } from '@/lib/db/prisma';
import { authSecret } from './auth-secret';
import { clientIp } from './client-ip';
import { oauthProviders } from './oauth-providers';
import { signupCredits } from './signup-credits';
import { verifyCredentials } from './verify-credentials';

let options: NextAuthOptions | undefined;

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
    // stores the users and linked accounts of OAuth sign-ins.
    session: { strategy: 'jwt', maxAge: 30 * 24 * 60 * 60 },
    // @auth/prisma-adapter is typed for @auth/core; its methods are what next-auth v4 calls.
    adapter: PrismaAdapter(getPrisma() as never) as unknown as Adapter,
    pages: { signIn: '/signin', error: '/signin' },
    providers: [
      CredentialsProvider({
        name: 'Email and password',
        credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
        authorize: (credentials, req) => verifyCredentials({ email: credentials?.email, password: credentials?.password }, clientIp(req.headers ?? {})),
      }),
      ...oauthProviders(),
    ],
    callbacks: {
      // An account needs an email (it is the account's identity here); some OAuth profiles hide it.
      signIn: ({ user }) => Boolean(user.email),
      jwt: ({ token, user }) => {
        if (user) token.sub = user.id;
        return token;
      },
      session: ({ session, token }) => ({ ...session, user: { ...session.user, id: token.sub } }),
    },
    events: {
      // Password accounts get their grant in signUp; OAuth accounts are created by the adapter.
      createUser: async ({ user }) => {
        const credits = signupCredits();
        if (credits > 0) await grantCredits(user.id, credits, 'signup credits');
      },
    },
  };
  return options;
}
