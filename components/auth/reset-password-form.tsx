'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { sendJson } from '@/components/dashboard/fetch-json';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import type { FieldErrors } from '@/lib/dashboard/field-errors';

/** Chooses a new password with the token from a reset link. */
export function ResetPasswordForm({ token, minPasswordLength }: { token: string; minPasswordLength: number }) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState(false);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setErrors({});
    const answer = await sendJson('POST', '/api/account/reset-password', { token, password: form.get('password') });
    setPending(false);
    if (!answer.ok) return setErrors(Object.keys(answer.errors).length > 0 ? answer.errors : { form: answer.message });
    setDone(true);
  }

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
