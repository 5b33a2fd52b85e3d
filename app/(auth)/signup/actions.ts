'use server';

import { headers } from 'next/headers';
import { after } from 'next/server';
import { clientIp } from '@/lib/auth/client-ip';
import { finishSignUp, type FinishSignUpResult } from '@/lib/auth/finish-sign-up';
import { safeCallbackUrl } from '@/lib/auth/safe-callback-url';
import { signUp, type SignUpResult } from '@/lib/auth/sign-up';
import { publicOrigin } from '@/lib/oauth/public-origin';

/**
 * The sign-up form's server action: validates, limits sign-ups per address, and answers the
 * same for a new address and one that has an account; the mail (a link that creates the
 * account, or a note to sign in) goes out after the answer.
 */
export async function signUpAction(formData: FormData): Promise<SignUpResult> {
  const requestHeaders = await headers();
  return signUp(
    { email: formData.get('email'), password: formData.get('password') },
    { ip: clientIp(requestHeaders), origin: publicOrigin(requestHeaders), returnTo: returnPath(formData.get('callbackUrl')), defer: (task) => after(task) },
  );
}

/** Where the finished sign-up goes when the sign-up page was opened for somewhere (an invitation): a same-site path only. */
function returnPath(value: FormDataEntryValue | null): string | undefined {
  const path = safeCallbackUrl(value, '');
  return path === '' || path === '/dashboard' ? undefined : path;
}

/** The sign-up link's form: creates the account once the password chosen at sign-up is typed again. */
export async function finishSignUpAction(formData: FormData): Promise<FinishSignUpResult> {
  return finishSignUp({ token: formData.get('token'), password: formData.get('password') });
}
