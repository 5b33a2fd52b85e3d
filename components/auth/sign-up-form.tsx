'use client';

import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import type { OAuthProviderInfo } from '@/lib/auth/oauth-providers';
import type { SignUpResult } from '@/lib/auth/sign-up';
import type { FieldErrors } from '@/lib/dashboard/field-errors';
import { OAuthButtons } from './oauth-buttons';

type Props = { action: (form: FormData) => Promise<SignUpResult>; providers: OAuthProviderInfo[]; minPasswordLength: number; callbackUrl: string };

/**
 * Sign-up: the server action validates and answers "check your email" whether or not the
 * address has an account (so the form tells nobody who has one); the mailed link creates it.
 */
export function SignUpForm({ action, providers, minPasswordLength, callbackUrl }: Props) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setErrors({});
    const result = await action(form);
    setPending(false);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setSent(result.message);
  }

  if (sent) {
    return (
      <div className="mt-6">
        <FormAlert tone="success" message={sent} />
      </div>
    );
  }
  return (
    <>
      <form noValidate onSubmit={submit} className="mt-6 flex flex-col gap-4">
        <FormAlert message={errors.form} />
        <input type="hidden" name="callbackUrl" value={callbackUrl} />
        <TextField label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={minPasswordLength}
          hint={`At least ${minPasswordLength} characters.`}
          error={errors.password}
        />
        <Button type="submit" disabled={pending}>
          {pending ? 'Creating your account…' : 'Create account'}
        </Button>
      </form>
      <OAuthButtons providers={providers} callbackUrl={callbackUrl} />
    </>
  );
}
