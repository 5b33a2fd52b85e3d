import { componentLogger } from '@/lib/observability/logger';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Env } from '@/lib/auth/env';
import { getPool } from '@/lib/db/pool';
import { mailConfig } from './mail-config';

const log = componentLogger('mail');

export type Mail = { to: string; subject: string; text: string };
export type SentMail = { transport: 'smtp' | 'log'; error: string | null };

const globalForMail = globalThis as typeof globalThis & { perchMailTransports?: Map<string, Transporter> };

function transporterFor(options: NonNullable<ReturnType<typeof mailConfig>['transport']>): Transporter {
  globalForMail.perchMailTransports ??= new Map();
  const key = JSON.stringify(options);
  let transporter = globalForMail.perchMailTransports.get(key);
  if (!transporter) {
    // A slow or unreachable server must not hold a sign-up or a reset request for minutes.
    const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
    transporter = nodemailer.createTransport('url' in options ? { url: options.url, ...timeouts } : { ...options, ...timeouts });
    globalForMail.perchMailTransports.set(key, transporter);
  }
  return transporter;
}

/**
 * Sends a mail through SMTP when configured, else writes it to the server log; either way it
 * is listed on the admin Outbox page. Without SMTP the outbox keeps the whole text (it is the
 * delivery); with SMTP only who and what, since the text holds single-use links.
 * A failed SMTP delivery is logged and recorded, not thrown: the caller's action stands.
 */
export async function sendMail(mail: Mail, env: Env = process.env): Promise<SentMail> {
  const config = mailConfig(env);
  let sent: SentMail;
  if (config.transport) {
    try {
      await transporterFor(config.transport).sendMail({ from: config.from, to: mail.to, subject: mail.subject, text: mail.text });
      sent = { transport: 'smtp', error: null };
    } catch (error) {
      log.error({ err: error }, `sending "${mail.subject}" to ${mail.to} failed: ${(error as Error).message}`);
      sent = { transport: 'smtp', error: (error as Error).message };
    }
  } else {
    // Not its text: it holds single-use links (sign-up, password reset), secrets a log must not keep.
    log.info(`(no SMTP configured) to ${mail.to}: ${mail.subject} (its text is on the admin Outbox page)`);
    sent = { transport: 'log', error: null };
  }
  await getPool().query(`INSERT INTO mail_outbox (to_address, subject, text_body, transport, error) VALUES ($1, $2, $3, $4, $5)`, [
    mail.to,
    mail.subject,
    sent.transport === 'log' ? mail.text : '(delivered by SMTP; the text is not kept)',
    sent.transport,
    sent.error,
  ]);
  // The outbox is for recent mail; links in it expire within a day anyway.
  await getPool().query(`DELETE FROM mail_outbox WHERE created_at < now() - interval '30 days'`);
  return sent;
}

export type OutboxMail = { id: string; to: string; subject: string; text: string; transport: string; error: string | null; createdAt: Date };

/** The newest mails, for the admin Outbox page. */
export async function listOutbox(limit = 50): Promise<OutboxMail[]> {
  const { rows } = await getPool().query<{ id: string; to_address: string; subject: string; text_body: string; transport: string; error: string | null; created_at: Date }>(
    `SELECT id::text, to_address, subject, text_body, transport, error, created_at FROM mail_outbox ORDER BY mail_outbox.id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((row) => ({ id: row.id, to: row.to_address, subject: row.subject, text: row.text_body, transport: row.transport, error: row.error, createdAt: row.created_at }));
}
