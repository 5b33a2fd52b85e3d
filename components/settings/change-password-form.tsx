'use client';

import { useState } from 'react';
import { sendJson } from '@/components/dashboard/fetch-json';
import { useJsonForm } from '@/components/dashboard/use-json-form';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';

/** Changes the password with the current one re-entered; other browsers are signed out. */
export function ChangePasswordForm({ minPasswordLength }: { minPasswordLength: number }) {
  const [done, setDone] = useState<string | null>(null);
  const { errors, pending, submit } = useJsonForm(
    (form) => {
      setDone(null);
      return sendJson('POST', '/api/dashboard/account/password', { currentPassword: form.get('currentPassword'), newPassword: form.get('newPassword') });
    },
    (_data, formElement) => {
      formElement.reset();
      setDone('Password changed. Every other browser signed in to this account has been signed out.');
    },
  );

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
