import type { Page } from '@playwright/test';
import { expect, sampleUsername, signUp, test, uniqueEmail, withDatabase } from './support/fixtures';

// Issue 31: the playground shows and estimates the price the server will charge this workspace,
// from the price list: a list price with a per-call minimum, then the workspace's own discount.
// The reference shows the list price. The rows written here are deleted afterwards, so later
// specs see the seed's prices.

const email = uniqueEmail('playground-prices');

test.afterAll(async () => {
  await withDatabase(async (db) => {
    for (const table of ['prices', 'price_overrides']) await db.query(`DELETE FROM ${table} WHERE created_by = $1`, [email]);
    await db.query(`SELECT pg_notify('perch_prices', '')`);
  });
});

/** Presses Send and returns what the call was charged. */
async function sendCharged(page: Page): Promise<number> {
  const answer = page.waitForResponse((r) => r.url().includes('/api/dashboard/v2/'));
  await page.getByRole('button', { name: 'Send request' }).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  return ((await response.json()) as { meta: { credits_charged: number } }).meta.credits_charged;
}

test('the playground estimates and charges the price list, then the workspace discount', async ({ page }) => {
  const username = sampleUsername();
  await signUp(page, email);
  const address = `/dashboard/playground?op=getUserFollowers&username=${username}&count=5`;

  // The seed's price: 1 credit a follower.
  await page.goto(address);
  await expect(page.getByText('Cost: 1 credit per follower returned')).toBeVisible();
  await expect(page.getByTestId('cost-estimate')).toHaveText('up to 5 credits');

  // 3 credits a follower on the default platform, at least 20 a call; a NOTIFY tells the server.
  await withDatabase(async (db) => {
    await db.query(`INSERT INTO prices (platform, operation, unit_credits, min_credits, created_by) VALUES ('local', 'getUserFollowers', 3, 20, $1)`, [email]);
    await db.query(`SELECT pg_notify('perch_prices', '')`);
  });
  await expect(async () => {
    await page.goto(address);
    await expect(page.getByText('Cost: 3 credits per follower returned, at least 20 per call')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  // 5 followers × 3 = 15, raised to the minimum.
  await expect(page.getByTestId('cost-estimate')).toHaveText('up to 20 credits');
  expect(await sendCharged(page)).toBe(20);

  // The reference shows the list price.
  await page.goto('/docs#op-getUserFollowers');
  await expect(page.locator('#op-getUserFollowers')).toContainText('3 credits per follower returned, at least 20 per call');

  // 50% off for this workspace (its personal one has the person's id): 2 credits a follower (1.5 rounded), at least 10.
  await withDatabase(async (db) => {
    await db.query(`INSERT INTO price_overrides (user_id, discount_percent, created_by) SELECT id, 50, $1 FROM users WHERE email = $1`, [email]);
    await db.query(`SELECT pg_notify('perch_prices', '')`);
  });
  await expect(async () => {
    await page.goto(address);
    await expect(page.getByText('Cost: 2 credits per follower returned, at least 10 per call')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(page.getByTestId('cost-estimate')).toHaveText('up to 10 credits');
  expect(await sendCharged(page)).toBe(10);
});
