'use server';

import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { clientIp } from '@/lib/auth/client-ip';
import { authorizePagePath } from '@/lib/oauth/decide-authorization';
import { PLATFORM_SESSION_TTL_SECONDS } from '@/lib/oauth/lifetimes';
import { createPlatformSession, endPlatformSession, PLATFORM_SESSION_COOKIE } from '@/lib/oauth/platform-session';
import { createPlatformAccount } from '@/lib/oauth/platform-sign-up';
import { verifyPlatformCredentials } from '@/lib/oauth/platform-sign-in';
import { publicOrigin } from '@/lib/oauth/public-origin';

/** What a platform sign-in or sign-up form shows after a refused submission. */
export type PlatformFormState = { errors: Record<string, string>; values: Record<string, string> } | null;

function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** Back to the authorize page with the request's own parameters (and nothing else). */
function backToAuthorize(form: FormData): never {
  redirect(authorizePagePath(new URLSearchParams(field(form, 'authorize_query'))));
}

async function startSession(platformUserId: string): Promise<void> {
  const token = await createPlatformSession(platformUserId);
  const secure = publicOrigin(await headers()).startsWith('https:');
  (await cookies()).set(PLATFORM_SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/platform', maxAge: PLATFORM_SESSION_TTL_SECONDS });
}

/** Signs in as a platform user (argon2id password, attempt limits), then shows the consent screen. */
export async function platformSignInAction(_previous: PlatformFormState, form: FormData): Promise<PlatformFormState> {
  const result = await verifyPlatformCredentials({ username: field(form, 'username'), password: field(form, 'password') }, clientIp(await headers()));
  if (!result.ok) return { errors: result.errors, values: { username: field(form, 'username') } };
  await startSession(result.user.id);
  backToAuthorize(form);
}

/** Creates a platform account and signs in as it, then shows the consent screen. */
export async function platformSignUpAction(_previous: PlatformFormState, form: FormData): Promise<PlatformFormState> {
  const result = await createPlatformAccount({ username: field(form, 'username'), name: field(form, 'name'), password: field(form, 'password') }, { ip: clientIp(await headers()) });
  if (!result.ok) return { errors: result.errors, values: { username: field(form, 'username'), name: field(form, 'name') } };
  await startSession(result.userId);
  backToAuthorize(form);
}

/** Signs the platform user out ("not you?"), back to the sign-in screen of the same request. */
export async function platformSignOutAction(form: FormData): Promise<void> {
  const jar = await cookies();
  await endPlatformSession(jar.get(PLATFORM_SESSION_COOKIE)?.value);
  jar.delete({ name: PLATFORM_SESSION_COOKIE, path: '/platform' });
  backToAuthorize(form);
}
