import { OPERATIONS } from '@/lib/api/registry';
import { expect, test } from './support/fixtures';
import { screenshotPage } from './support/screenshots';

test('/docs is public, linked from the landing page, and lists every operation with the guides', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Docs and guides' }).click();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Perch API reference' })).toBeVisible();

  const operations = page.locator('main article[id^="op-"]');
  await expect(operations).toHaveCount(OPERATIONS.length);
  for (const operation of OPERATIONS) {
    const section = page.locator(`#op-${operation.id}`);
    await expect(section.getByRole('heading', { level: 3 })).toHaveText(operation.id);
    await expect(section).toContainText(operation.path);
  }
  await expect(page.locator('#op-searchTweets')).toContainText('15 credits per tweet returned');
  await expect(page.locator('#op-getTrending')).toContainText('100 credits per call');
  for (const guide of ['Your first call', 'Authentication', 'Credits', 'Pagination', 'Errors', 'Rate limits']) {
    await expect(page.getByRole('heading', { level: 2, name: guide })).toBeVisible();
  }
  await expect(page.getByLabel('Set up and find real ids')).toContainText('npm run --silent admin -- samples');
  await expect(page.locator('#record-Tweet')).toContainText('Tweet');
  await screenshotPage(page, 'docs');
});
