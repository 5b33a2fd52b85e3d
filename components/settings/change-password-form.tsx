'use client';

import { useState, type FormEvent } from 'react';
import { sendJson } from '@/components/dashboard/fetch-json';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import type { FieldErrors } from '@/lib/dashboard/field-errors';

/** Changes the password with the current one re-entered; other browsers are signed out. */
export function ChangePasswordForm({ minPasswordLength }: { minPasswordLength: number }) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setPending(true);
    setErrors({});
    setDone(null);
    const answer = await sendJson('POST', '/api/dashboard/account/password', { currentPassword: form.get('currentPassword'), newPassword: form.get('newPassword') });
    setPending(false);
    if (!answer.ok) {
      setErrors(Object.keys(answer.errors).length > 0 ? answer.errors : { form: answer.message });
      return;
    }
    formElement.reset();
    setDone('Password changed. Every other browser signed in to this account has been signed out.');
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Change password" className="flex max-w-md flex-col gap-4">
      <FormAlert message={errors.form} />
      <FormAlert tone="success" message={done} />
      <TextField label="Current password" name="currentPassword" type="password" autoComplete="current-password" required error={errors.currentPassword} />
      <TextField
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${minPasswordLength} characters.`}
        error={errors.newPassword}
      />
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Changing…' : 'Change password'}
        </Button>
      </div>
    </form>
  );
}
