'use client';

import { signIn } from 'next-auth/react';
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

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setProblem(null);
    const result = await signIn('credentials', { email: String(form.get('email') ?? ''), password: String(form.get('password') ?? ''), redirect: false });
    if (!result || result.error) {
      setProblem(decodeSignInProblem(result?.error ?? 'unknown'));
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
        <Button type="submit" disabled={pending}>
          {pending ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
      <OAuthButtons providers={providers} callbackUrl={callbackUrl} />
    </>
  );
}
