import { screenshotPage } from './support/screenshots';
import { callV2, createKey, expect, sampleUsername, signUp, test, uniqueEmail } from './support/fixtures';

test('a low-balance alert: set on Billing, shown on every page once spending crosses it, turned off', async ({ page, baseURL }) => {
  await signUp(page, uniqueEmail('alert'));
  const banner = page.getByTestId('low-balance-banner');
  await expect(banner).toHaveCount(0);

  await page.goto('/dashboard/billing');
  // This deployment has no Stripe keys: Billing says who grants credits instead of selling them.
  await expect(page.getByTestId('credits-granted-by')).toContainText('administrators grant them');
  const threshold = page.getByLabel('Warn me below (credits)');
  await expect(threshold).toHaveValue('1000');

  await threshold.fill('lots');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Enter a whole number of credits')).toBeVisible();

  // Just under the signup grant of 100,000: not low yet.
  await threshold.fill('99,990');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('You will be warned below 99,990 credits.')).toBeVisible();
  await expect(banner).toHaveCount(0);

  // One profile read (18 credits) from an API client takes the balance below it.
  const key = await createKey(page, 'alert key');
  expect((await callV2(baseURL!, key, `/v2/users/${sampleUsername()}`)).status).toBe(200);
  // Usage is written behind (about 0.1 s): the dashboard's balance may lag the call by that much.
  await expect(async () => {
    await page.goto('/dashboard');
    await expect(banner).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(banner).toContainText('below your alert threshold of 99,990');
  await page.goto('/dashboard/keys');
  await expect(banner).toBeVisible();
  await page.goto('/dashboard/billing');
  await screenshotPage(page, 'billing-low-balance');

  await page.getByLabel('Warn me below (credits)').fill('0');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Low-balance alerts are off.')).toBeVisible();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(banner).toHaveCount(0);
});
