import { screenshotPage } from './support/screenshots';
import { callV2, createKey, expect, sampleUsername, signUp, test, uniqueEmail } from './support/fixtures';

test('sign up, see the grant, create a key, call /v2 with it, see the usage, revoke it', async ({ page, baseURL }) => {
  await signUp(page, uniqueEmail('flow'));

  // The overview shows the signup grant: the balance and the grant with its reason.
  const balance = page.getByRole('definition').filter({ hasText: /^100,000$/ });
  await expect(balance).toBeVisible();
  const grants = page.getByRole('region', { name: 'Latest grants' });
  await expect(grants.getByText('signup credits')).toBeVisible();
  await expect(grants.getByText('+100,000')).toBeVisible();

  // The key is shown once, in full, with the warning.
  const key = await createKey(page, 'flow key');
  expect(key).toMatch(/^perch_[0-9A-Za-z]{32}$/);
  await expect(page.getByText('it will not be shown again')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy key' })).toBeVisible();
  await screenshotPage(page, 'keys-new-key');
  const row = page.getByRole('row', { name: /flow key/ });
  await expect(row).toContainText(`${key.slice(0, 10)}…${key.slice(-4)}`);
  await expect(row).toContainText('active');

  await page.reload();
  await expect(page.getByRole('row', { name: /flow key/ })).toBeVisible();
  expect(await page.content(), 'the full key after a reload').not.toContain(key);

  // Real /v2 calls with the key, from outside the browser as an API client makes them.
  const username = sampleUsername();
  const profile = await callV2(baseURL!, key, `/v2/users/${username}`);
  expect(profile.status).toBe(200);
  expect(profile.body).toMatchObject({ data: { username }, meta: { credits_charged: 18, credits_remaining: 99_982 } });
  const account = await callV2(baseURL!, key, '/v2/account');
  expect(account.status).toBe(200);

  // The usage page lists the call, and its chart has drawn bars for it.
  // Usage is written behind (about 0.1 s): the page may be a moment behind the call.
  const getUser = page.getByRole('row', { name: /getUser/ });
  await expect(async () => {
    await page.goto('/dashboard/usage?range=7');
    await expect(getUser).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(getUser).toContainText('Users');
  await expect(getUser.getByRole('cell').nth(1)).toHaveText('1');
  await expect(getUser.getByRole('cell').nth(3)).toHaveText('18');
  const chart = page.getByRole('figure', { name: 'Credits per day by operation' });
  await expect(chart.locator('svg path.recharts-rectangle').first()).toBeVisible();
  expect(await chart.locator('svg path.recharts-rectangle').count()).toBeGreaterThan(0);
  await expect(page.getByRole('figure', { name: 'flow key' })).toBeVisible();

  // The CSV exports carry the same numbers.
  const table = await page.request.get('/api/dashboard/usage/export?range=7&kind=operations');
  expect(table.headers()['content-type']).toContain('text/csv');
  expect(await table.text()).toContain('getUser,Users,1,1,18,0,0,');
  const events = await (await page.request.get('/api/dashboard/usage/export?range=7&kind=events')).text();
  expect(events.split('\r\n').filter((line) => line.includes(',getUser,'))).toHaveLength(1);
  expect(events).toContain(',getAccount,');

  // The overview's recent requests show both calls.
  await page.goto('/dashboard');
  const recent = page.getByRole('region', { name: 'Recent requests', exact: true });
  await expect(recent.getByRole('row', { name: /getUser/ })).toContainText('flow key');
  await expect(recent.getByRole('row', { name: /getAccount/ })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /^99,982$/ })).toBeVisible();

  // Revoke behind the confirmation dialog; the key is refused within 5 seconds.
  await page.goto('/dashboard/keys');
  await page.getByRole('button', { name: 'Revoke key flow key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke flow key?' });
  await expect(dialog).toBeVisible();
  await screenshotPage(page, 'keys-revoke-dialog');
  await dialog.getByRole('button', { name: 'Revoke key' }).click();
  await expect(dialog).toBeHidden();
  // Revoked keys are hidden until asked for.
  await expect(page.getByRole('row', { name: /flow key/ })).toHaveCount(0);
  await page.getByLabel('Show revoked keys (1)').check();
  await expect(page.getByRole('row', { name: /flow key/ })).toContainText('revoked');
  await expect.poll(async () => (await callV2(baseURL!, key, '/v2/account')).status, { timeout: 5_000, intervals: [100, 250, 500] }).toBe(401);
});
