import path from 'node:path';
import { expect, type Page } from '@playwright/test';

const DIR = path.resolve(import.meta.dirname, '../../../test-results/screenshots');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

async function settle(page: Page): Promise<void> {
  // Charts measure their container after layout; give them a frame or two.
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * Screenshots the current page at desktop width (light and dark) and at 375 px, and checks
 * that nothing but the scrollable tables is wider than a phone.
 */
export async function screenshotPage(page: Page, name: string): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await settle(page);
  await page.screenshot({ path: path.join(DIR, `${name}-desktop.png`), fullPage: true });

  await page.emulateMedia({ colorScheme: 'dark' });
  await settle(page);
  await page.screenshot({ path: path.join(DIR, `${name}-desktop-dark.png`), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });

  await page.setViewportSize(PHONE);
  await settle(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} is wider than 375 px`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: path.join(DIR, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
}
