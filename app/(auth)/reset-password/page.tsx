import type { Metadata } from 'next';
import Link from 'next/link';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';
import { FormAlert } from '@/components/ui/form-alert';
import { isAccountTokenUsable } from '@/lib/account/account-tokens';
import { MIN_PASSWORD_LENGTH } from '@/lib/auth/password';

export const metadata: Metadata = { title: 'Choose a new password' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ResetPasswordPage({ searchParams }: Props) {
  const { token } = await searchParams;
  const usable = typeof token === 'string' && (await isAccountTokenUsable(token, 'password_reset'));
  return (
    <>
      <h1 className="text-xl font-bold">Choose a new password</h1>
      {usable ? (
        <ResetPasswordForm token={token} minPasswordLength={MIN_PASSWORD_LENGTH} />
      ) : (
        <div className="mt-6 flex flex-col gap-4">
          <FormAlert message="This reset link has expired or was already used." />
          <Link href="/forgot-password" className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-500">
            Ask for a new link
          </Link>
        </div>
      )}
    </>
  );
}
