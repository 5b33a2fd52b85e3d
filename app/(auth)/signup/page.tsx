import type { Metadata } from 'next';
import Link from 'next/link';
import { SignUpForm } from '@/components/auth/sign-up-form';
import { formatNumber } from '@/lib/dashboard/format';
import { MIN_PASSWORD_LENGTH } from '@/lib/auth/password';
import { enabledOAuthProviders } from '@/lib/auth/oauth-providers';
import { safeCallbackUrl } from '@/lib/auth/safe-callback-url';
import { signupCredits } from '@/lib/auth/signup-credits';
import { signUpAction } from './actions';

export const metadata: Metadata = { title: 'Sign up' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// ?callbackUrl= (an invitation's page) rides along the mailed link to where sign-up ends.
export default async function SignUpPage({ searchParams }: Props) {
  const callbackUrl = safeCallbackUrl((await searchParams).callbackUrl);
  return (
    <>
      <h1 className="text-xl font-bold">Create your Perch account</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        You start with {formatNumber(signupCredits())} free credits. Already have an account?{' '}
        <Link href={callbackUrl === '/dashboard' ? '/signin' : `/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`} className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-500">
          Sign in
        </Link>
      </p>
      <SignUpForm action={signUpAction} providers={enabledOAuthProviders()} minPasswordLength={MIN_PASSWORD_LENGTH} callbackUrl={callbackUrl} />
    </>
  );
}
