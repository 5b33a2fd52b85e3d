'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { platformSignUpAction } from '../actions';

/** Creates a platform account (and signs in as it); on success the page shows the consent screen. */
export function PlatformSignUpForm({ authorizeQuery, minPasswordLength }: { authorizeQuery: string; minPasswordLength: number }) {
  const [state, action, pending] = useActionState(platformSignUpAction, null);
  return (
    <form action={action} noValidate aria-label="Create a platform account" className="flex flex-col gap-4">
      <input type="hidden" name="authorize_query" value={authorizeQuery} />
      <FormAlert message={state?.errors.form} />
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        maxLength={16}
        hint="1 to 15 letters, digits or _: your @handle."
        defaultValue={state?.values.username}
        error={state?.errors.username}
      />
      <TextField label="Display name" name="name" autoComplete="name" required maxLength={50} defaultValue={state?.values.name} error={state?.errors.name} />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={minPasswordLength}
        hint={`At least ${minPasswordLength} characters.`}
        error={state?.errors.password}
      />
      <Button type="submit" disabled={pending}>
        {pending ? 'Creating the account…' : 'Create account and continue'}
      </Button>
    </form>
  );
}
