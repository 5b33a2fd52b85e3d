import type { Metadata } from 'next';
import Link from 'next/link';
import { FinishSignUpForm } from '@/components/auth/finish-sign-up-form';
import { FormAlert } from '@/components/ui/form-alert';
import { safeCallbackUrl } from '@/lib/auth/safe-callback-url';
import { pendingSignUp } from '@/lib/auth/sign-up';
import { finishSignUpAction } from '../actions';

export const metadata: Metadata = { title: 'Finish signing up' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// The account is created on the form's submit, not on page load: mail scanners that open
// links must not create it (nor use the link up).
export default async function FinishSignUpPage({ searchParams }: Props) {
  const { token, callbackUrl } = await searchParams;
  const pending = typeof token === 'string' ? await pendingSignUp(token) : null;
  return (
    <>
      <h1 className="text-xl font-bold">Finish signing up</h1>
      {pending && typeof token === 'string' ? (
        <>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Creating the Perch account of <span className="font-medium">{pending.email}</span>.
          </p>
          <FinishSignUpForm action={finishSignUpAction} token={token} returnTo={safeCallbackUrl(callbackUrl)} />
        </>
      ) : (
        <div className="mt-6 flex flex-col gap-4">
          <FormAlert message="This sign-up link has expired or was already used." />
          <Link href="/signup" className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-500">
            Sign up again
          </Link>
          <Link href="/signin" className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-500">
            Sign in
          </Link>
        </div>
      )}
    </>
  );
}
