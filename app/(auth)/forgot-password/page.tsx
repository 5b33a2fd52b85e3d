import type { Metadata } from 'next';
import Link from 'next/link';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';

export const metadata: Metadata = { title: 'Forgot password' };

export default function ForgotPasswordPage() {
  return (
    <>
      <h1 className="text-xl font-bold">Reset your password</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        We mail you a link to choose a new one.{' '}
        <Link href="/signin" className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-500">
          Back to sign in
        </Link>
      </p>
      <ForgotPasswordForm />
    </>
  );
}
