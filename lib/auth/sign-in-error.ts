/** Why a sign-in failed, as the sign-in form shows it: on one field, or for the whole form. */
export type SignInProblem = { field?: 'email' | 'password' | 'code'; message: string };

// next-auth v4 hands a thrown error's message to the client as a query parameter and nothing
// else, so a field-level problem travels as JSON inside that message.
const MARK = 'perch:';

/** The message to throw from `authorize` so the form can place the problem. */
export function encodeSignInProblem(problem: SignInProblem): string {
  return MARK + JSON.stringify(problem);
}

const OAUTH_MESSAGES: Record<string, string> = {
  OAuthAccountNotLinked: 'That email already has a Perch account: sign in with your password.',
  AccessDenied: 'Sign-in was refused. An account with an email address is needed.',
  CredentialsSignin: 'Email or password is incorrect.',
  SessionRequired: 'Please sign in to continue.',
};

/** What to show for the `error` a sign-in attempt or next-auth's redirect returned. */
export function decodeSignInProblem(error: string | null | undefined): SignInProblem | null {
  if (!error) return null;
  if (error.startsWith(MARK)) {
    try {
      return JSON.parse(error.slice(MARK.length)) as SignInProblem;
    } catch {
      // A mangled message still deserves a generic explanation below.
    }
  }
  return { message: OAUTH_MESSAGES[error] ?? 'Sign-in failed. Please try again.' };
}
