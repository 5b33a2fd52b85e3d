import { createKey, expect, postV2, signUp, test, uniqueEmail } from './support/fixtures';

test('the Rules page shows the account’s rules, endpoints and deliveries, filtered by status', async ({ page, baseURL }) => {
  await signUp(page, uniqueEmail('rules'));
  const key = await createKey(page, 'rules key');
  expect((await postV2(baseURL!, key, '/v2/rules', { tag: 'e2e news', query: '#news lang:en' })).status).toBe(200);
  const endpoint = await postV2(baseURL!, key, '/v2/webhooks', { url: 'https://receiver.invalid/perch', description: 'e2e receiver' });
  expect(endpoint.status).toBe(200);
  const id = (endpoint.body as { data: { id: string } }).data.id;
  expect((await postV2(baseURL!, key, `/v2/webhooks/${id}/test`, {})).status).toBe(200);

  await page.goto('/dashboard/rules');
  await expect(page.getByRole('heading', { level: 1, name: 'Rules' })).toBeVisible();
  const rules = page.getByRole('region', { name: 'Rules table' });
  await expect(rules.getByRole('cell', { name: 'e2e news' })).toBeVisible();
  await expect(rules.getByRole('cell', { name: '#news lang:en' })).toBeVisible();
  await expect(rules.getByRole('cell', { name: 'rules key' })).toBeVisible();
  // The platform the rule watches: the one that served its creation.
  await expect(rules.getByRole('cell', { name: 'local', exact: true })).toBeVisible();
  await expect(page.getByText('https://receiver.invalid/perch').first()).toBeVisible();
  // The test event cannot reach receiver.invalid: it waits for a retry.
  await expect(page.getByRole('region', { name: 'Deliveries table' }).getByRole('cell', { name: 'test', exact: true })).toBeVisible();

  await page.getByRole('navigation', { name: 'Delivery status' }).getByRole('link', { name: 'delivered' }).click();
  await expect(page).toHaveURL(/status=delivered/);
  await expect(page.getByText('No deliveries with status delivered.')).toBeVisible();
});
