import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Page } from '@playwright/test';
import { expect, signUp, test, uniqueEmail } from './support/fixtures';
import { screenshotPage } from './support/screenshots';

// The Exports page end to end against the production server and its export runner: a follower
// export of a seeded user started from the form after its estimate, followed to 100%, its file
// downloaded and counted; one paused by a zero budget (the pause said in words), cancelled, and
// deleted after a confirmation; and an explorer profile's "Export followers" filling the form.

/** A seeded user with a few dozen followers: enough for several pages, done in seconds. */
async function smallAccount(): Promise<{ username: string; followers: number }> {
  const client = new pg.Client({ connectionString: process.env.PERCH_E2E_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ username: string; followers_count: number }>(
      `SELECT username, followers_count FROM platform.users WHERE followers_count BETWEEN 21 AND 400 ORDER BY followers_count DESC, id LIMIT 1`,
    );
    if (!rows[0]) throw new Error('the seeded platform has no user with 21 to 400 followers');
    return { username: rows[0].username, followers: rows[0].followers_count };
  } finally {
    await client.end();
  }
}

const grouped = (n: number) => n.toLocaleString('en-US');

/** The workspace's daily budget: 0 lets nothing more be charged today, null lifts it. */
async function setDailyBudget(page: Page, credits: number | null): Promise<void> {
  const answer = await page.request.put('/api/dashboard/billing/budgets', {
    data: { dailyBudget: credits, monthlyBudget: null, timeZone: 'UTC', alertPercents: [] },
    headers: { referer: page.url() },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

test('start a follower export after its estimate, follow it to 100%, download it; pause, cancel and delete another', async ({ page }) => {
  // Two exports, a download and the request log: more than the default 90 s on a loaded machine.
  test.setTimeout(240_000);
  const { username, followers } = await smallAccount();
  await signUp(page, uniqueEmail('exports'));

  await page.goto('/dashboard/exports');
  await expect(page.getByRole('heading', { level: 1, name: 'Exports' })).toBeVisible();
  await expect(page.getByTestId('exports-empty')).toContainText('An export fetches a whole dataset for you');
  await page.getByRole('navigation', { name: 'Operations' }).getByRole('button', { name: 'getUserFollowers' }).click();
  const form = page.getByRole('form', { name: 'New export' });
  // The playground's generated fields, without the ones of a single page.
  await expect(form.getByRole('textbox', { name: /^username/ })).toBeVisible();
  await expect(form.getByLabel(/^count/)).toHaveCount(0);
  await expect(form.getByLabel(/^cursor/)).toHaveCount(0);
  await form.getByRole('textbox', { name: /^username/ }).fill(username);
  await form.getByRole('button', { name: 'Estimate' }).click();
  const estimate = form.getByTestId('export-estimate');
  // Follower records cost what /v2 charges for them: the estimate says the price it uses.
  await expect(estimate).toContainText(new RegExp(`About ${grouped(followers)} items, [\\d,]+ credits — Start\\?`));
  await screenshotPage(page, 'exports-estimate');
  await form.getByRole('button', { name: 'Start export' }).click();
  await expect(form.getByText('Export of getUserFollowers started')).toBeVisible();

  const row = page.getByTestId('export-row').first();
  await expect(row).toContainText(`username=${username}`);
  await expect(row).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  await expect(row.getByTestId('export-items')).toContainText('(100%)');
  await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  const items = Number((await row.getByTestId('export-items').locator('strong').innerText()).replace(/,/g, ''));
  expect(items).toBeGreaterThan(20);
  await expect(row.getByTestId('export-note')).toHaveText('Completed: everything the source had');
  await screenshotPage(page, 'exports-completed');

  // The file, through the page's own link: one JSON record per line, as many as it says.
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('export-download').click()]);
  const file = fs.readFileSync(await download.path(), 'utf8');
  const lines = file.split('\n').filter((line) => line !== '');
  expect(lines).toHaveLength(items);
  expect(new Set(lines.map((line) => (JSON.parse(line) as { id: string }).id)).size).toBe(items);

  // Its pages are in the request log under the exported operation, from the source Export.
  await page.goto('/dashboard/requests?source=export');
  await expect(page.getByLabel('Source').locator('option:checked')).toHaveText('Export');
  const logged = page.getByRole('row').filter({ hasText: 'getUserFollowers' });
  await expect(async () => {
    await page.reload();
    await expect(logged.first()).toContainText('Dashboard · Export', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await page.goto('/dashboard/exports');
  await page.getByRole('navigation', { name: 'Operations' }).getByRole('button', { name: 'getUserFollowers' }).click();

  // With nothing left to spend today the next export pauses, says why, and can be cancelled.
  await setDailyBudget(page, 0);
  await form.getByRole('textbox', { name: /^username/ }).fill(username);
  await form.getByLabel('Format').selectOption('csv');
  await form.getByRole('button', { name: 'Estimate' }).click();
  await expect(estimate).toContainText('— Start?');
  await form.getByRole('button', { name: 'Start export' }).click();
  const paused = page.getByTestId('export-row').first();
  await expect(paused).toHaveAttribute('data-status', 'paused', { timeout: 30_000 });
  await expect(paused.getByTestId('export-note')).toContainText("Paused: the workspace's budget is spent — it goes on by itself when the budget resets");
  // Not screenshotPage: a followed export keeps its event stream open, so the network never idles.
  await page.screenshot({ path: path.resolve(import.meta.dirname, '../../test-results/screenshots/exports-paused-desktop.png'), fullPage: true });
  await paused.getByRole('button', { name: 'Cancel' }).click();
  await expect(paused).toHaveAttribute('data-status', 'cancelled');
  await expect(paused.getByTestId('export-note')).toHaveText('Cancelled: the file keeps what was written');
  await setDailyBudget(page, null);

  // Delete asks first; Cancel in the dialog keeps it.
  const cancelledId = await paused.getAttribute('data-export-id');
  await paused.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this export?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator(`[data-export-id="${cancelledId}"]`)).toHaveCount(1);
  await paused.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete export' }).click();
  await expect(page.locator(`[data-export-id="${cancelledId}"]`)).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('export-row')).toHaveCount(1);
  await expect(page.locator(`[data-export-id="${cancelledId}"]`)).toHaveCount(0);
});

test("an explorer profile's Export followers opens the Exports page filled in, with the estimate", async ({ page }) => {
  const { username, followers } = await smallAccount();
  await signUp(page, uniqueEmail('exports-explorer'));
  await page.goto(`/dashboard/explore/users/${username}`);
  await page.getByRole('link', { name: 'Export followers' }).click();
  await expect(page).toHaveURL(new RegExp(`/w/[^/]+/dashboard/exports\\?op=getUserFollowers&username=${username}$`));
  const form = page.getByRole('form', { name: 'New export' });
  await expect(form.getByRole('textbox', { name: /^username/ })).toHaveValue(username);
  await expect(form.getByTestId('export-estimate')).toContainText(`About ${grouped(followers)} items`);
  // Nothing is started until Start is pressed.
  await expect(page.getByTestId('exports-empty')).toBeVisible();
});
