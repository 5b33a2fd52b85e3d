import { callV2, createKey, expect, mailSubjects, makeAdmin, PASSWORD, postV2, sampleUsername, signIn, signUp, signUpSentMessage, test, uniqueEmail } from './support/fixtures';
import { screenshotPage } from './support/screenshots';

test('signed-out pages: landing, sign-in, sign-up, 404, with security headers', async ({ page }) => {
  const response = await page.goto('/');
  const headers = response!.headers();
  expect(headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
  expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Real-time social data');
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
  await expect(page.getByRole('link', { name: 'API reference (OpenAPI)' })).toHaveAttribute('href', '/v2/openapi.json');
  await screenshotPage(page, 'landing');

  await page.goto('/signin');
  await screenshotPage(page, 'signin');
  await page.goto('/signup');
  await screenshotPage(page, 'signup');

  const missing = await page.goto('/no-such-page');
  expect(missing!.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await screenshotPage(page, 'not-found');

  // Signed out, the dashboard sends you to sign in and back.
  await page.goto('/dashboard/usage');
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fdashboard%2Fusage/);
});

test('sign-up and sign-in validate on the server and show field errors', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Enter your email address')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(page.getByText('Use at least 10 characters')).toBeVisible();
  await screenshotPage(page, 'signup-errors');

  const email = uniqueEmail('forms');
  await signUp(page, email);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();

  // An address that has an account gets the very answer a new one gets (the form tells nobody
  // who has an account); the owner gets a note by mail instead of a link.
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByLabel('Password').fill('someone else’s password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(signUpSentMessage(email));
  await screenshotPage(page, 'signup-check-email');
  await expect.poll(() => mailSubjects(email)).toEqual(['Finish signing up for Perch', 'Someone tried to sign up for Perch with your address']);

  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong password!!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Email or password is incorrect.');

  // A session survives a fresh page load, and / sends a signed-in visitor to the dashboard.
  await signIn(page, email);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the key form validates on the server; renaming works; dialogs close with Escape', async ({ page }) => {
  await signUp(page, uniqueEmail('keyform'));
  await page.goto('/dashboard/keys');
  const form = page.getByRole('form', { name: 'Create an API key' });
  await form.getByLabel('Read').uncheck();
  await form.getByLabel('Credit limit (optional)').fill('12abc');
  await form.getByLabel('Expires on (optional)').fill('2001-01-01');
  await form.getByRole('button', { name: 'Create key' }).click();
  await expect(form.getByText('Give the key a name')).toBeVisible();
  await expect(form.getByText('Choose at least one scope')).toBeVisible();
  await expect(form.getByText('Enter a whole number of credits')).toBeVisible();
  await expect(form.getByText('The expiry date must be today or later')).toBeVisible();
  await screenshotPage(page, 'keys-form-errors');

  await form.getByLabel('Key name').fill('limited key');
  await form.getByLabel('Read').check();
  await form.getByLabel('Write').check();
  await form.getByLabel('Credit limit (optional)').fill('5000');
  const expiry = `${new Date().getUTCFullYear() + 1}-12-31`;
  await form.getByLabel('Expires on (optional)').fill(expiry);
  await form.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByLabel('New API key')).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByLabel('New API key')).toHaveCount(0);
  const row = page.getByRole('row', { name: /limited key/ });
  await expect(row).toContainText('read, write');
  await expect(row).toContainText('5,000');
  await expect(row).toContainText(expiry);

  await page.getByRole('button', { name: 'Edit key limited key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit limited key' });
  await dialog.getByLabel('Name', { exact: true }).fill('   ');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText('Give the key a name')).toBeVisible();
  await dialog.getByLabel('Name', { exact: true }).fill('renamed key');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: /renamed key/ })).toBeVisible();

  await page.getByRole('button', { name: 'Revoke key renamed key' }).click();
  await expect(page.getByRole('dialog', { name: 'Revoke renamed key?' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('row', { name: /renamed key/ })).toContainText('active');
});

test('every dashboard page with data, and admin: screenshots, keyboard, grants', async ({ page, baseURL }) => {
  const email = uniqueEmail('tour');
  await signUp(page, email);
  const key = await createKey(page, 'production');
  await page.getByRole('button', { name: 'Done' }).click();
  const second = await createKey(page, 'staging', { write: true });
  const username = sampleUsername();
  for (let i = 0; i < 3; i++) expect((await callV2(baseURL!, key, `/v2/users/${username}`)).status).toBe(200);
  expect((await callV2(baseURL!, key, `/v2/users/${username}/followers?count=25`)).status).toBe(200);
  expect((await postV2(baseURL!, second, '/v2/search/users', { query: username, count: 5 })).status).toBe(200);
  expect((await callV2(baseURL!, second, '/v2/users/zznobody1')).status).toBe(404);
  expect((await callV2(baseURL!, second, '/v2/account')).status).toBe(200);

  // Daily figures as bars (a smoothed area drew a ramp into the day before), with a legend.
  // Usage is written behind (about 0.1 s): the page may be a moment behind the calls.
  const chart = page.getByRole('figure', { name: /Credits per day by operation tag/ });
  await expect(async () => {
    await page.goto('/dashboard');
    await expect(chart.locator('svg .recharts-bar-rectangle path').first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(chart.locator('.recharts-legend-item').first()).toBeVisible();
  // Everything on the page refreshes together, and says when.
  await expect(page.getByTestId('page-refresh')).toContainText(/Updated \d{2}:\d{2}:\d{2} · every 10 s/);
  await screenshotPage(page, 'overview');

  // Keyboard: the skip link comes first, then the navigation.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  let reached = false;
  for (let i = 0; i < 10 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'API keys' }).evaluate((el) => el === document.activeElement);
  }
  expect(reached, 'the API keys link is reachable by Tab').toBe(true);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/keys$/);
  await expect(page.getByRole('link', { name: 'API keys' })).toHaveAttribute('aria-current', 'page');
  await screenshotPage(page, 'keys');

  await page.goto('/dashboard/usage');
  await expect(page.getByRole('link', { name: '30 days' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('row', { name: /getUserFollowers/ })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'staging' })).toBeVisible();
  // The chart's tooltip names the day and the credits of what is under the pointer.
  const usageChart = page.getByRole('figure', { name: 'Credits per day by operation' });
  await usageChart.locator('svg path.recharts-rectangle').last().hover();
  await expect(usageChart.locator('.recharts-tooltip-wrapper')).toContainText('(UTC)');
  await expect(usageChart.locator('.recharts-tooltip-wrapper')).toContainText('credits');
  await page.mouse.move(0, 0);
  await screenshotPage(page, 'usage');
  await page.getByRole('link', { name: '90 days' }).click();
  await expect(page).toHaveURL(/range=90/);
  await expect(page.getByText('over the last 90 days')).toBeVisible();

  // Admin: only after the account is made one.
  expect((await page.goto('/admin'))!.status()).toBe(404);
  await makeAdmin(email);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Admin' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })).toBeVisible();
  const grant = page.getByRole('form', { name: 'Grant credits' });
  await grant.getByRole('button', { name: 'Grant credits' }).click();
  await expect(grant.getByText('Enter the account email')).toBeVisible();
  await expect(grant.getByText('Enter a whole number of credits')).toBeVisible();
  await expect(grant.getByText('Say why the credits are granted')).toBeVisible();
  await grant.getByLabel('Account email').fill('nobody-at-all@e2e.test');
  await grant.getByLabel('Credits').fill('2500');
  await grant.getByLabel('Reason').fill('e2e goodwill');
  await grant.getByRole('button', { name: 'Grant credits' }).click();
  await expect(grant.getByText('No account has this email')).toBeVisible();
  await grant.getByLabel('Account email').fill(email);
  await grant.getByRole('button', { name: 'Grant credits' }).click();
  await expect(grant.getByRole('status')).toContainText('Granted 2,500 credits');
  await expect(page.getByRole('definition').filter({ hasText: /^off$/ })).toBeVisible();
  await screenshotPage(page, 'admin');

  await page.goto('/dashboard/billing');
  const ledger = page.getByRole('region', { name: 'Ledger', exact: true });
  await expect(ledger.getByRole('row', { name: /e2e goodwill/ })).toContainText('+2,500');
  await expect(ledger.getByRole('row', { name: /signup credits/ })).toContainText('+100,000');
  await expect(ledger.getByRole('row', { name: /usage/ })).toContainText('calls');
  await expect(page.getByRole('figure', { name: 'Balance over time' }).locator('svg path.recharts-area-area')).toBeVisible();
  await screenshotPage(page, 'billing');
});
