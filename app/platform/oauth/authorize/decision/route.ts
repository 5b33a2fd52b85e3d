// The consent form's target: a plain HTML form POST answered with a 303, so the browser
// follows the redirect to the client (with a code, or access_denied) whether or not JS runs.
import { cookies } from 'next/headers';
import { isSameOrigin } from '@/lib/auth/same-origin';
import { decideAuthorization } from '@/lib/oauth/decide-authorization';
import { PLATFORM_SESSION_COOKIE } from '@/lib/oauth/platform-session';
import { publicOrigin } from '@/lib/oauth/public-origin';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

function text(status: number, message: string): Response {
  return new Response(message, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
}

export async function POST(request: Request): Promise<Response> {
  if (!isSameOrigin(request)) return text(403, 'Cross-site consent is not accepted.');
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return text(400, 'Send the consent form.');
  }
  const result = await decideAuthorization({
    form,
    origin: publicOrigin(request.headers),
    sessionToken: (await cookies()).get(PLATFORM_SESSION_COOKIE)?.value,
  });
  if (result.kind === 'refuse') return text(result.status, result.message);
  return new Response(null, { status: 303, headers: { location: result.location, 'cache-control': 'no-store' } });
}
