'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { platformSignInAction } from '../actions';

/** Username and password of a platform account; on success the page shows the consent screen. */
export function PlatformSignInForm({ authorizeQuery }: { authorizeQuery: string }) {
  const [state, action, pending] = useActionState(platformSignInAction, null);
  return (
    <form action={action} noValidate aria-label="Sign in to the platform" className="flex flex-col gap-4">
      <input type="hidden" name="authorize_query" value={authorizeQuery} />
      <FormAlert message={state?.errors.form} />
      <TextField label="Username" name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} required defaultValue={state?.values.username} error={state?.errors.username} />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required error={state?.errors.password} />
      <Button type="submit" disabled={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
