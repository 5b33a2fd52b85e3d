'use client';

import { useState, type FormEvent } from 'react';
import { sendJson } from '@/components/dashboard/fetch-json';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import type { FieldErrors } from '@/lib/dashboard/field-errors';

/**
 * "Sign in with Bluesky" (atproto OAuth): the server starts the authorization for the handle and
 * answers the account's own authorization page, which this opens; the user approves there and
 * comes back to the Connections page. Perch never sees the password.
 */
export function BlueskyOAuthForm() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setErrors({});
    const answer = await sendJson<{ authorize_url: string }>('POST', '/api/dashboard/connections/bluesky/oauth', { handle: form.get('handle') });
    if (!answer.ok) {
      setPending(false);
      setErrors(Object.keys(answer.errors).length > 0 ? answer.errors : { form: answer.message });
      return;
    }
    window.location.assign(answer.data.authorize_url);
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Sign in with Bluesky" className="flex max-w-md flex-col gap-4">
      <FormAlert message={errors.form} />
      <TextField label="Handle" name="handle" autoComplete="username" placeholder="you.bsky.social" required error={errors.handle} />
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Opening Bluesky…' : 'Sign in with Bluesky'}
        </Button>
      </div>
    </form>
  );
}
