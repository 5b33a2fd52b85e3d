import { expect } from 'vitest';
import { SignInRefusedError } from '@/lib/auth/verify-credentials';

/** Awaits a sign-in that must be refused (SignInRefusedError) and returns what it told the form. */
export async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SignInRefusedError);
  return (error as SignInRefusedError).problem;
}
