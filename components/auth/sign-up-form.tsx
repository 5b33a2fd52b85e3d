'use client';

import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import type { OAuthProviderInfo } from '@/lib/auth/oauth-providers';
import type { SignUpResult } from '@/lib/auth/sign-up';
import { decodeSignInProblem } from '@/lib/auth/sign-in-error';
import type { FieldErrors } from '@/lib/dashboard/field-errors';
import { OAuthButtons } from './oauth-buttons';

type Props = { action: (form: FormData) => Promise<SignUpResult>; providers: OAuthProviderInfo[]; minPasswordLength: number };

/** Sign-up: the server action validates and creates the account, then the same credentials sign in. */
export function SignUpForm({ action, providers, minPasswordLength }: Props) {
  const router = useRouter();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setErrors({});
    const result = await action(form);
    if (!result.ok) {
      setErrors(result.errors);
      setPending(false);
      return;
    }
    const signedIn = await signIn('credentials', { email: result.email, password: String(form.get('password') ?? ''), redirect: false });
    if (!signedIn || signedIn.error) {
      // The account exists; only the automatic sign-in failed (e.g. the attempt limit).
      setErrors({ form: `Your account was created, but signing in failed: ${decodeSignInProblem(signedIn?.error)?.message ?? 'try again'}` });
      setPending(false);
      return;
    }
    router.replace('/dashboard');
    router.refresh();
  }

  return (
    <>
      <form noValidate onSubmit={submit} className="mt-6 flex flex-col gap-4">
        <FormAlert message={errors.form} />
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
      <OAuthButtons providers={providers} callbackUrl="/dashboard" />
    </>
  );
}
