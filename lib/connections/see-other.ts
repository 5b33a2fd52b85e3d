import { NextResponse } from 'next/server';

/**
 * A 303 to `location` for the connect flows' callbacks; with `clearCookie`, that flow's cookie
 * goes too: one flow, one callback, so whatever happened its verifier is gone.
 */
export function seeOther(location: string, clearCookie?: string): NextResponse {
  const response = new NextResponse(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
  if (clearCookie) response.cookies.set(clearCookie, '', { httpOnly: true, sameSite: 'lax', path: '/dashboard/connections', maxAge: 0 });
  return response;
}
