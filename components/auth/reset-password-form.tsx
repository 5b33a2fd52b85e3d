'use client';

import Link from 'next/link';
import { useState } from 'react';
import { sendJson } from '@/components/dashboard/fetch-json';
import { useJsonForm } from '@/components/dashboard/use-json-form';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';

/** Chooses a new password with the token from a reset link. */
export function ResetPasswordForm({ token, minPasswordLength }: { token: string; minPasswordLength: number }) {
  const [done, setDone] = useState(false);
  const { errors, pending, submit } = useJsonForm(
    (form) => sendJson('POST', '/api/account/reset-password', { token, password: form.get('password') }),
    () => setDone(true),
  );

  if (done) {
    return (
      <div className="mt-6 flex flex-col gap-4">
        <FormAlert tone="success" message="Your password is changed, and every browser that was signed in has been signed out." />
        <Link href="/signin" className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-500">
          Sign in with the new password
        </Link>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={submit} className="mt-6 flex flex-col gap-4">
      <FormAlert message={errors.form} />
      <TextField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${minPasswordLength} characters.`}
        error={errors.password}
      />
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving…' : 'Set new password'}
      </Button>
    </form>
  );
}
