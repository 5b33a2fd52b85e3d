import crypto from 'node:crypto';
import { expect, type Page } from '@playwright/test';

export const PLATFORM_PASSWORD = 'platform password 1';

/** A fresh platform username (at most 15 characters) starting with `label`. */
export function platformUsername(label: string): string {
  return `${label}${crypto.randomBytes(4).toString('hex')}`.slice(0, 15);
}

/** On the embedded platform's authorize page: creates a platform account, which leads to consent. */
export async function createPlatformAccountOnAuthorizePage(page: Page, username: string): Promise<void> {
  await expect(page).toHaveURL(/\/platform\/oauth\/authorize\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the platform' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Create a platform account' });
  // A click that lands before the page has hydrated does nothing: click until the form shows.
  await expect(async () => {
    await page.getByRole('button', { name: 'Create one' }).click();
    await expect(form).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Display name').fill(`E2E ${username}`);
  await form.getByLabel('Password').fill(PLATFORM_PASSWORD);
  await form.getByRole('button', { name: 'Create account and continue' }).click();
}

/** Connects a new platform account to the signed-in dashboard account, as a user does; returns its username. */
export async function connectPlatformAccount(page: Page, label = 'e2e'): Promise<string> {
  await page.goto('/dashboard/connections');
  await page.getByRole('button', { name: 'Connect platform account' }).click();
  const username = platformUsername(label);
  await createPlatformAccountOnAuthorizePage(page, username);
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByLabel(`Connected account @${username}`)).toHaveText(`@${username}`);
  return username;
}

/** A /v2 call through the dashboard's session mount, as the dashboard's own pages send it. */
export async function dashboardV2(page: Page, method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const response = await page.request.fetch(`/api/dashboard/v2/${path}`, {
    method,
    headers: { 'x-perch-dashboard': '1', 'content-type': 'application/json', ...headers },
    data: body,
  });
  return { status: response.status(), body: await response.json() };
}
