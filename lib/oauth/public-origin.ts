/**
 * The origin browsers reach this deployment at: NEXTAUTH_URL's when set (the dashboard's
 * public URL, which a proxy deployment should set), else the request's own, from the Host
 * (or X-Forwarded-Host) and X-Forwarded-Proto headers. The platform and the dashboard are one
 * deployment, so the dashboard client's redirect URI is on this origin: a request that
 * arrives at one origin can only send its code back to that same origin.
 */
export function publicOrigin(headers: Headers, env: Readonly<Record<string, string | undefined>> = process.env): string {
  if (env.NEXTAUTH_URL) return new URL(env.NEXTAUTH_URL).origin;
  const host = headers.get('x-forwarded-host')?.split(',')[0]?.trim() || headers.get('host') || 'localhost';
  const proto = headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https' ? 'https' : 'http';
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    // A Host header no URL can hold: no redirect URI can match it either.
    return 'http://invalid.invalid';
  }
}
