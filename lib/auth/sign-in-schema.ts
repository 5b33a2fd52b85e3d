import { z } from 'zod';

/** What the sign-in form sends; the password's length is checked at sign-up, not here. */
export const signInSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, 'Enter your email address').pipe(z.email('Enter a valid email address')),
  password: z.string().min(1, 'Enter your password').max(256, 'That password is too long'),
  // The authenticator's code or a recovery code, for accounts with two-factor sign-in.
  code: z.string().trim().max(32, 'That code is too long').optional(),
});
