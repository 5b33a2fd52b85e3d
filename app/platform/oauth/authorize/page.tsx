import type { Metadata } from 'next';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { MIN_PASSWORD_LENGTH } from '@/lib/auth/password';
import { AUTHORIZE_PARAMS, checkAuthorizeRequest } from '@/lib/oauth/authorize-request';
import { consentToken, PLATFORM_SESSION_COOKIE, platformSessionUser } from '@/lib/oauth/platform-session';
import { publicOrigin } from '@/lib/oauth/public-origin';
import { AuthorizeError } from './_components/authorize-error';
import { ConsentForm } from './_components/consent-form';
import { PlatformAuthPanel } from './_components/platform-auth-panel';

export const metadata: Metadata = { title: 'Authorize · Platform' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// Only the request's own parameters travel on: through the forms and back to this page.
function toSearchParams(query: Record<string, string | string[] | undefined>): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of AUTHORIZE_PARAMS) {
    const value = query[name];
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) params.append(name, one);
  }
  return params;
}

/**
 * GET /platform/oauth/authorize (RFC 6749 §4.1.1): checks the request, then asks the visitor
 * to sign in to the platform (or create an account), then for consent.
 */
export default async function AuthorizePage({ searchParams }: Props) {
  const params = toSearchParams(await searchParams);
  const check = checkAuthorizeRequest(params, publicOrigin(await headers()));
  if (check.kind === 'show') return <AuthorizeError error={check.error} />;
  if (check.kind === 'redirect') redirect(check.location);
  const sessionToken = (await cookies()).get(PLATFORM_SESSION_COOKIE)?.value;
  const user = await platformSessionUser(sessionToken);
  if (!user || !sessionToken) return <PlatformAuthPanel authorizeQuery={params.toString()} clientName={check.request.clientName} minPasswordLength={MIN_PASSWORD_LENGTH} />;
  return <ConsentForm request={check.request} params={params} user={user} csrf={consentToken(sessionToken)} />;
}
