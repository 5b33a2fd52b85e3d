'use server';

import { headers } from 'next/headers';
import { clientIp } from '@/lib/auth/client-ip';
import { signUp, type SignUpResult } from '@/lib/auth/sign-up';

/** The sign-up form's server action: validates, limits sign-ups per address, creates the account and grants the signup credits. */
export async function signUpAction(formData: FormData): Promise<SignUpResult> {
  return signUp({ email: formData.get('email'), password: formData.get('password') }, { ip: clientIp(await headers()) });
}
