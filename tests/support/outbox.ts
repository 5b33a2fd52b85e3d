import { expect } from 'vitest';
import { finishSignUp } from '@/lib/auth/finish-sign-up';
import { getPool } from '@/lib/db/pool';

// Mail as the tests read it: without SMTP, the outbox table keeps each mail's whole text.

export type OutboxMail = { subject: string; text: string; token: string | null };

/** Every mail sent to an address, oldest first, with the token of the link in it. */
export async function mailsTo(address: string): Promise<OutboxMail[]> {
  const { rows } = await getPool().query<{ subject: string; text_body: string }>(`SELECT subject, text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id`, [address]);
  return rows.map((row) => ({ subject: row.subject, text: row.text_body, token: /token=([A-Za-z0-9_-]+)/.exec(row.text_body)?.[1] ?? null }));
}

/** Creates a signed-up address's account from the link in its "Finish signing up" mail; returns the account id. */
export async function finishSignUpFromMail(address: string, password: string): Promise<string> {
  const mail = (await mailsTo(address)).filter((m) => m.subject === 'Finish signing up for Perch').at(-1);
  expect(mail?.token, `a sign-up link was mailed to ${address}`).toBeTruthy();
  expect(await finishSignUp({ token: mail!.token, password })).toEqual({ ok: true, email: address });
  const { rows } = await getPool().query<{ id: string }>(`SELECT id FROM users WHERE email = $1 AND deleted_at IS NULL`, [address]);
  return rows[0].id;
}
