import crypto from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';

type Fixtures = { pageErrors: string[] };

/**
 * Playwright's test with the run's server as baseURL (global setup puts it in the
 * environment) and a guard that fails any test whose pages threw or broke the CSP.
 */
export const test = base.extend<Fixtures>({
  baseURL: async ({}, use) => {
    const url = process.env.PERCH_E2E_BASE_URL;
    if (!url) throw new Error('PERCH_E2E_BASE_URL is not set: run through playwright.config.ts');
    await use(url);
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy|Hydration|hydrat/i.test(message.text())) errors.push(`console: ${message.text()}`);
      });
      await use(errors);
      expect(errors, 'errors in the browser').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const PASSWORD = 'correct horse battery';

/** A fresh address for one test's account. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${crypto.randomBytes(3).toString('hex')}@e2e.test`;
}

/** What the sign-up form answers, whether or not the address has an account. */
export function signUpSentMessage(email: string): string {
  return `Check your email: we sent a message to ${email}. Open the link in it to finish signing up (it works for 24 hours).`;
}

/**
 * Signs up through the form, opens the link mailed to the address (the server has no SMTP:
 * the outbox keeps the mail), types the password again and waits for the overview. `origin`
 * is another server's address than the run's (the Bluesky spec's).
 */
export async function signUp(page: Page, email: string, password = PASSWORD, origin = ''): Promise<void> {
  await page.goto(`${origin}/signup`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(signUpSentMessage(email));
  await page.goto(await mailedLink(email, 'Finish signing up for Perch'));
  await expect(page.getByRole('heading', { level: 1, name: 'Finish signing up' })).toBeVisible();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Finish signing up' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
}

/** Runs `use` with a connection to the e2e server's database, closed afterwards. */
export async function withDatabase<T>(use: (client: import('pg').Client) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: process.env.PERCH_E2E_DATABASE_URL });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Subjects of the mails sent to an address, oldest first. */
export async function mailSubjects(email: string): Promise<string[]> {
  return withDatabase(async (client) => (await client.query<{ subject: string }>('SELECT subject FROM mail_outbox WHERE to_address = $1 ORDER BY id', [email])).rows.map((r) => r.subject));
}

/** The link in the newest mail of this subject to an address; waits for it, since such mail goes out after the answer. */
export async function mailedLink(email: string, subject: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const { rows } = await withDatabase((client) =>
          client.query<{ text_body: string }>('SELECT text_body FROM mail_outbox WHERE to_address = $1 AND subject = $2 ORDER BY id DESC LIMIT 1', [email, subject]),
        );
        link = rows[0] ? /https?:\/\/\S+token=[A-Za-z0-9_-]+/.exec(rows[0].text_body)?.[0] : undefined;
        return link;
      },
      { message: `a mail "${subject}" to ${email}` },
    )
    .toBeTruthy();
  return link!;
}

/** Signs in through the form and waits for the overview. */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Creates a key on the keys page and returns the full key from the one-time panel. */
export async function createKey(page: Page, name: string, options: { write?: boolean } = {}): Promise<string> {
  await page.goto('/dashboard/keys');
  const form = page.getByRole('form', { name: 'Create an API key' });
  await form.getByLabel('Key name').fill(name);
  if (options.write) await form.getByLabel('Write').check();
  await form.getByRole('button', { name: 'Create key' }).click();
  const key = page.getByLabel('New API key');
  await expect(key).toBeVisible();
  return (await key.textContent())!.trim();
}

/** A /v2 call made the way an API client makes it. */
export async function callV2(baseURL: string, key: string, path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(new URL(path, baseURL), { headers: { authorization: `Bearer ${key}` } });
  return { status: response.status, body: await response.json() };
}

/** The most followed user of the seeded platform, for real /v2 calls. */
export function sampleUsername(): string {
  const username = process.env.PERCH_E2E_SAMPLE_USERNAME;
  if (!username) throw new Error('PERCH_E2E_SAMPLE_USERNAME is not set: run through playwright.config.ts');
  return username;
}

/** Makes an account an admin the way `admin create-user --admin` does: the is_admin flag. */
export async function makeAdmin(email: string): Promise<void> {
  const { rowCount } = await withDatabase((client) => client.query('UPDATE users SET is_admin = true WHERE email = $1', [email]));
  expect(rowCount).toBe(1);
}

/** A /v2 POST with a JSON body. */
export async function postV2(baseURL: string, key: string, path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(new URL(path, baseURL), { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}
