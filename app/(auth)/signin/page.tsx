import type { Metadata } from 'next';
import Link from 'next/link';
import { SignInForm } from '@/components/auth/sign-in-form';
import { enabledOAuthProviders } from '@/lib/auth/oauth-providers';
import { safeCallbackUrl } from '@/lib/auth/safe-callback-url';
import { decodeSignInProblem } from '@/lib/auth/sign-in-error';

export const metadata: Metadata = { title: 'Sign in' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SignInPage({ searchParams }: Props) {
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(params.callbackUrl);
  // next-auth sends OAuth failures back here as ?error=…
  const initialProblem = typeof params.error === 'string' ? decodeSignInProblem(params.error) : null;
  return (
    <>
      <h1 className="text-xl font-bold">Sign in to Perch</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        No account yet?{' '}
        <Link href={callbackUrl === '/dashboard' ? '/signup' : `/signup?callbackUrl=${encodeURIComponent(callbackUrl)}`} className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-500">
          Sign up
        </Link>
      </p>
      <SignInForm callbackUrl={callbackUrl} providers={enabledOAuthProviders()} initialProblem={initialProblem} />
    </>
  );
}
