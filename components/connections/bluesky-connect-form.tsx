'use client';

import { useRouter } from 'next/navigation';
import { sendJson } from '@/components/dashboard/fetch-json';
import { useJsonForm } from '@/components/dashboard/use-json-form';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';

export const BLUESKY_CONNECTION_ROUTE = '/api/dashboard/connections/bluesky';

/**
 * Connects a Bluesky account with a handle (or DID) and an app password. The server logs in
 * once to check them before it stores anything, so every refusal shows here, by field.
 */
export function BlueskyConnectForm({ label = 'Connect Bluesky account' }: { label?: string }) {
  const router = useRouter();
  const { errors, pending, submit } = useJsonForm(
    (form) => sendJson('POST', BLUESKY_CONNECTION_ROUTE, { identifier: form.get('identifier'), appPassword: form.get('appPassword') }),
    // The card is a server component: reading it again shows the connected account.
    () => router.refresh(),
  );

  return (
    <form noValidate onSubmit={submit} aria-label="Connect Bluesky account" className="flex max-w-md flex-col gap-4">
      <FormAlert message={errors.form} />
      <TextField label="Handle or DID" name="identifier" autoComplete="username" placeholder="you.bsky.social" required error={errors.identifier} />
      <TextField
        label="App password"
        name="appPassword"
        type="password"
        autoComplete="off"
        placeholder="xxxx-xxxx-xxxx-xxxx"
        required
        hint="Create one at bsky.app → Settings → Privacy and security → App passwords. Not your account’s own password."
        error={errors.appPassword}
      />
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? 'Checking with Bluesky…' : label}
        </Button>
      </div>
    </form>
  );
}
