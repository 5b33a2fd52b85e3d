'use client';

import { signOut } from 'next-auth/react';
import { sendJson } from '@/components/dashboard/fetch-json';
import { useJsonForm } from '@/components/dashboard/use-json-form';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';

/** Deletes the account after the password (or, without one, the email) and, with two-factor on, a code are typed; then leaves. */
export function DeleteAccountForm({ hasPassword, email, twoFactor = false }: { hasPassword: boolean; email: string; twoFactor?: boolean }) {
  const { errors, pending, submit } = useJsonForm(
    (form) =>
      sendJson('POST', '/api/dashboard/account/delete', {
        ...(hasPassword ? { password: form.get('password') } : { confirmEmail: form.get('confirmEmail') }),
        ...(twoFactor ? { code: form.get('code') } : {}),
      }),
    // The session is already ended on the server; this clears the cookie and leaves.
    () => signOut({ callbackUrl: '/?deleted=1' }),
    { keepPending: true },
  );

  return (
    <form noValidate onSubmit={submit} aria-label="Delete account" className="flex max-w-md flex-col gap-4">
      <p className="text-sm">
        Deleting the account revokes every API key at once, disconnects your platform account, signs out every browser and frees {email} for a new
        sign-up. Remaining credits are forfeited. This cannot be undone.
      </p>
      <FormAlert message={errors.form} />
      {hasPassword ? (
        <TextField label="Password to confirm" name="password" type="password" autoComplete="current-password" required error={errors.password} />
      ) : (
        <TextField label="Type your email to confirm" name="confirmEmail" type="email" autoComplete="off" required error={errors.confirmEmail} />
      )}
      {twoFactor && <TextField label="Code from your authenticator app (or a recovery code)" name="code" autoComplete="one-time-code" required error={errors.code} />}
      <div>
        <Button type="submit" variant="danger" disabled={pending}>
          {pending ? 'Deleting…' : 'Delete my account'}
        </Button>
      </div>
    </form>
  );
}
