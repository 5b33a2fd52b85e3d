/**
 * Whether a state-changing request comes from this site's own pages. Browsers send Origin on
 * every cross-site POST, PATCH and DELETE (and Sec-Fetch-Site where supported), so a forged
 * request from another site fails here even though it carries the session cookie.
 */
export function isSameOrigin(request: Request): boolean {
  if (request.headers.get('sec-fetch-site') === 'cross-site') return false;
  const origin = request.headers.get('origin');
  if (!origin) return true;
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
