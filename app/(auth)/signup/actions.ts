'use server';

import { headers } from 'next/headers';
import { sendVerificationMail } from '@/lib/account/email-verification';
import { clientIp } from '@/lib/auth/client-ip';
import { signUp, type SignUpResult } from '@/lib/auth/sign-up';
import { getPrisma } from '@/lib/db/prisma';
import { publicOrigin } from '@/lib/oauth/public-origin';

/** The sign-up form's server action: validates, limits sign-ups per address, creates the account, grants the signup credits and mails an address confirmation link. */
export async function signUpAction(formData: FormData): Promise<SignUpResult> {
  const requestHeaders = await headers();
  const result = await signUp({ email: formData.get('email'), password: formData.get('password') }, { ip: clientIp(requestHeaders) });
  if (result.ok) {
    const user = await getPrisma().user.findUnique({ where: { email: result.email }, select: { id: true } });
    if (user) await sendVerificationMail(user.id, publicOrigin(requestHeaders));
  }
  return result;
}
