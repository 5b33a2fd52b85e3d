'use client';

import { signIn } from 'next-auth/react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import type { FinishSignUpResult } from '@/lib/auth/finish-sign-up';
import type { FieldErrors } from '@/lib/dashboard/field-errors';

type Props = { action: (form: FormData) => Promise<FinishSignUpResult>; token: string; returnTo: string };

/** The sign-up link's form: the password chosen at sign-up creates the account, then signs in with it. */
export function FinishSignUpForm({ action, token, returnTo }: Props) {
  const router = useRouter();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState(false);

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
      setCreated(true);
      setPending(false);
      return;
    }
    router.replace(returnTo);
    router.refresh();
  }

  if (created) {
    return (
      <div className="mt-6 flex flex-col gap-4">
        <FormAlert tone="success" message="Your account is ready." />
        <Link href="/signin" className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-500">
          Sign in
        </Link>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={submit} className="mt-6 flex flex-col gap-4">
      <FormAlert message={errors.form} />
      <input type="hidden" name="token" value={token} />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required hint="The password you chose when signing up." error={errors.password} />
      <Button type="submit" disabled={pending}>
        {pending ? 'Creating your account…' : 'Finish signing up'}
      </Button>
    </form>
  );
}
