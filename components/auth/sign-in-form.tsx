'use client';

import { signIn } from 'next-auth/react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import type { OAuthProviderInfo } from '@/lib/auth/oauth-providers';
import { decodeSignInProblem, type SignInProblem } from '@/lib/auth/sign-in-error';
import { OAuthButtons } from './oauth-buttons';

type Props = { callbackUrl: string; providers: OAuthProviderInfo[]; initialProblem: SignInProblem | null };

/** Email and password sign-in through next-auth (CSRF token included); the server validates and limits attempts. */
export function SignInForm({ callbackUrl, providers, initialProblem }: Props) {
  const router = useRouter();
  const [problem, setProblem] = useState<SignInProblem | null>(initialProblem);
  const [pending, setPending] = useState(false);
  // Shown once the server says this account has two-factor sign-in (the password was right).
  const [needCode, setNeedCode] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setProblem(null);
    const result = await signIn('credentials', {
      email: String(form.get('email') ?? ''),
      password: String(form.get('password') ?? ''),
      code: String(form.get('code') ?? ''),
      redirect: false,
    });
    if (!result || result.error) {
      const refused = decodeSignInProblem(result?.error ?? 'unknown');
      if (refused?.field === 'code') setNeedCode(true);
      setProblem(refused);
      setPending(false);
      return;
    }
    router.replace(callbackUrl);
    router.refresh();
  }

  return (
    <>
      {/* noValidate: the server's messages, shown beside each field, are the one source of validation. */}
      <form noValidate onSubmit={submit} className="mt-6 flex flex-col gap-4">
        <FormAlert message={problem && !problem.field ? problem.message : null} />
        <TextField label="Email" name="email" type="email" autoComplete="email" required error={problem?.field === 'email' ? problem.message : undefined} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={problem?.field === 'password' ? problem.message : undefined}
        />
        {needCode && (
          <TextField
            label="Authentication code"
            name="code"
            autoComplete="one-time-code"
            inputMode="text"
            autoFocus
            hint="The 6-digit code from your authenticator app, or one of your recovery codes."
            error={problem?.field === 'code' ? problem.message : undefined}
          />
        )}
        <p className="-mt-2 text-right text-sm">
          <Link href="/forgot-password" className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-500">
            Forgot password?
          </Link>
        </p>
        <Button type="submit" disabled={pending}>
          {pending ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
      <OAuthButtons providers={providers} callbackUrl={callbackUrl} />
    </>
  );
}
