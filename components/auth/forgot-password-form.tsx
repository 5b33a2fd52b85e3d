'use client';

import { useState } from 'react';
import { sendJson } from '@/components/dashboard/fetch-json';
import { useJsonForm } from '@/components/dashboard/use-json-form';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';

/** Asks for a reset link; the answer is the same whether or not the email has an account. */
export function ForgotPasswordForm() {
  const [done, setDone] = useState<string | null>(null);
  const { errors, pending, submit } = useJsonForm(
    (form) => sendJson<{ message: string }>('POST', '/api/account/password-reset', { email: form.get('email') }),
    (data) => setDone(data.message),
  );

  if (done) return <div className="mt-6"><FormAlert tone="success" message={`${done} The link works once, for 1 hour.`} /></div>;
  return (
    <form noValidate onSubmit={submit} className="mt-6 flex flex-col gap-4">
      <FormAlert message={errors.form} />
      <TextField label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
      <Button type="submit" disabled={pending}>
        {pending ? 'Sending…' : 'Send reset link'}
      </Button>
    </form>
  );
}
