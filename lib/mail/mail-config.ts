import type { Env } from '@/lib/auth/env';

export type MailConfig = { transport: { url: string } | { host: string; port: number; secure: boolean; auth?: { user: string; pass: string } } | null; from: string };

/**
 * How mail leaves: SMTP_URL (smtp:// or smtps://user:pass@host:port), or SMTP_HOST with
 * SMTP_PORT (default 587; 465 means implicit TLS), SMTP_USER and SMTP_PASS; neither means no
 * SMTP, and mails go to the server log and the admin Outbox only. MAIL_FROM is the sender.
 */
export function mailConfig(env: Env = process.env): MailConfig {
  const from = env.MAIL_FROM || 'Perch <no-reply@perch.invalid>';
  if (env.SMTP_URL) return { transport: { url: env.SMTP_URL }, from };
  if (!env.SMTP_HOST) return { transport: null, from };
  const port = env.SMTP_PORT ? Number(env.SMTP_PORT) : 587;
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`SMTP_PORT must be a port number, got "${env.SMTP_PORT}"`);
  const auth = env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASS ?? '' } : undefined;
  return { transport: { host: env.SMTP_HOST, port, secure: port === 465, auth }, from };
}
