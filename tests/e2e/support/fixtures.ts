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

/** Signs up through the form and waits for the overview. */
export async function signUp(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
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
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: process.env.PERCH_E2E_DATABASE_URL });
  await client.connect();
  try {
    const { rowCount } = await client.query('UPDATE users SET is_admin = true WHERE email = $1', [email]);
    expect(rowCount).toBe(1);
  } finally {
    await client.end();
  }
}

/** A /v2 POST with a JSON body. */
export async function postV2(baseURL: string, key: string, path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(new URL(path, baseURL), { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}
