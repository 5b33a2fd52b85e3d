import type { Metadata } from 'next';
import Link from 'next/link';
import { VerifyEmailButton } from '@/components/auth/verify-email-button';

export const metadata: Metadata = { title: 'Confirm your email address' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// Outside the (auth) group: that layout sends signed-in visitors away, and people usually
// open this link while signed in.
export default async function VerifyEmailPage({ searchParams }: Props) {
  const { token } = await searchParams;
  return (
    <div className="flex min-h-screen flex-col items-center px-4 py-10 sm:justify-center">
      <Link href="/" className="mb-6 text-lg font-bold tracking-tight">
        <span aria-hidden="true" className="text-brand-600">
          ◆{' '}
        </span>
        Perch
      </Link>
      <main id="main" className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-xl font-bold">Confirm your email address</h1>
        {typeof token === 'string' && token ? (
          <VerifyEmailButton token={token} />
        ) : (
          <p className="mt-4 text-sm">This link is incomplete: open the one from the mail again.</p>
        )}
      </main>
    </div>
  );
}
