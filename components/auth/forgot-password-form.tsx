'use client';

import { useState, type FormEvent } from 'react';
import { sendJson } from '@/components/dashboard/fetch-json';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import type { FieldErrors } from '@/lib/dashboard/field-errors';

/** Asks for a reset link; the answer is the same whether or not the email has an account. */
export function ForgotPasswordForm() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setErrors({});
    const answer = await sendJson<{ message: string }>('POST', '/api/account/password-reset', { email: form.get('email') });
    setPending(false);
    if (!answer.ok) return setErrors(Object.keys(answer.errors).length > 0 ? answer.errors : { form: answer.message });
    setDone(answer.data.message);
  }

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
