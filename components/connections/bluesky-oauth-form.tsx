'use client';

import { sendJson } from '@/components/dashboard/fetch-json';
import { useJsonForm } from '@/components/dashboard/use-json-form';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';

/**
 * "Sign in with Bluesky" (atproto OAuth): the server starts the authorization for the handle and
 * answers the account's own authorization page, which this opens; the user approves there and
 * comes back to the Connections page. Perch never sees the password.
 */
export function BlueskyOAuthForm() {
  const { errors, pending, submit } = useJsonForm(
    (form) => sendJson<{ authorize_url: string }>('POST', '/api/dashboard/connections/bluesky/oauth', { handle: form.get('handle') }),
    (data) => window.location.assign(data.authorize_url),
    { keepPending: true },
  );

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
