import { cookies } from 'next/headers';
import { decode } from 'next-auth/jwt';
import { authSecret } from './auth-secret';

// next-auth names the cookie with the __Secure- prefix when the site is served over https.
const COOKIE_NAMES = ['__Secure-next-auth.session-token', 'next-auth.session-token'];

/** The session row id the current request's session JWT carries, or null without one. */
export async function currentSessionId(): Promise<string | null> {
  const jar = await cookies();
  for (const name of COOKIE_NAMES) {
    const value = jar.get(name)?.value;
    if (!value) continue;
    const token = await decode({ token: value, secret: authSecret() }).catch(() => null);
    if (typeof token?.sid === 'string') return token.sid;
  }
  return null;
}
