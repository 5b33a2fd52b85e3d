import type { Env } from './env';

/** The addresses in ADMIN_EMAILS (comma or space separated), lower-cased. */
export function adminEmails(env: Env = process.env): Set<string> {
  return new Set(
    (env.ADMIN_EMAILS ?? '')
      .split(/[\s,]+/)
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** Whether an account may use /admin: listed in ADMIN_EMAILS or created as an admin. */
export function isAdmin(user: { email: string; isAdmin: boolean }, env: Env = process.env): boolean {
  return user.isAdmin || adminEmails(env).has(user.email.toLowerCase());
}
