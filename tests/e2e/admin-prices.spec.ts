import { callV2, createKey, expect, makeAdmin, sampleUsername, signUp, test, uniqueEmail, withDatabase } from './support/fixtures';
import { screenshotPage } from './support/screenshots';

// /admin/prices (issue 31): an admin changes getUser's price on local and sees it in the table
// and its history, sets an upstream cost above it and sees the below-cost flag, and gives a
// workspace 50% off, which the next call is charged. The price tables are the whole server's:
// the rows this admin wrote are deleted afterwards, so later specs see the seed's prices.

const email = uniqueEmail('prices-admin');

test.afterAll(async () => {
  await withDatabase(async (db) => {
    for (const table of ['prices', 'upstream_costs', 'credit_values', 'price_overrides']) await db.query(`DELETE FROM ${table} WHERE created_by = $1`, [email]);
    await db.query(`SELECT pg_notify('perch_prices', '')`);
  });
});

test('admin prices: change a price, its history, the below-cost flag, a workspace override', async ({ page, baseURL }) => {
  // Sign-up, a key, five forms and screenshots of a long page: more than the default 90 s on a busy machine.
  test.setTimeout(240_000);
  await signUp(page, email);
  const key = await createKey(page, 'prices');
  expect((await page.goto('/admin/prices'))!.status()).toBe(404);
  await makeAdmin(email);
  const slug = await withDatabase(async (db) => {
    const { rows } = await db.query<{ slug: string }>(
      `SELECT w.slug FROM workspaces w JOIN workspace_members m ON m.workspace_id = w.id JOIN users u ON u.id = m.user_id WHERE u.email = $1 AND w.personal`,
      [email],
    );
    return rows[0].slug;
  });

  await page.goto('/admin');
  await expect(page.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: 'Margin' })).toHaveAttribute('href', '/admin/margin');
  await page.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: 'Prices and costs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Prices' })).toBeVisible();
  const list = page.getByRole('region', { name: 'Price list', exact: true });
  const row = (operation: string, platform: string) => list.getByRole('row', { name: new RegExp(`^${operation} ${platform} `) });
  await expect(row('getUser', 'local')).toContainText('18 per profile');
  await expect(row('getUser', 'local')).toContainText('seed');

  // A bad price is refused beside its field; then getUser on local goes to 40 credits a profile.
  const priceForm = page.getByRole('form', { name: 'Change a price' });
  await priceForm.getByLabel('Platform').selectOption('local');
  await priceForm.getByLabel('Operation').selectOption('getUser');
  await priceForm.getByLabel('Credits per unit').fill('-5');
  await priceForm.getByRole('button', { name: 'Change price' }).click();
  await expect(priceForm.getByText('Must not be negative')).toBeVisible();
  await priceForm.getByLabel('Credits per unit').fill('40');
  await priceForm.getByRole('button', { name: 'Change price' }).click();
  await expect(priceForm.getByRole('status')).toHaveText('getUser on local: 40 credits per profile, from now');
  await expect(row('getUser', 'local')).toContainText('40 per profile');
  await expect(row('getUser', 'local')).toContainText('list, since');
  await expect(row('getUser', 'x')).toContainText('18 per profile');

  // Its history: the change, in force, by this admin.
  await page.getByText('History of getUser (1 change)').click();
  const history = page.getByRole('region', { name: 'History of getUser', exact: true });
  await expect(history.getByRole('row', { name: /local price 40 credits per unit in force/ })).toContainText(email);

  // One credit at 0.001 USD sells a profile for 0.04; an upstream cost of 0.05 a profile is above it.
  const valueForm = page.getByRole('form', { name: 'Set the credit value' });
  await valueForm.getByLabel('Value of one credit').fill('0.001');
  await valueForm.getByRole('button', { name: 'Set credit value' }).click();
  await expect(valueForm.getByRole('status')).toHaveText('One credit is worth 0.001 USD, from now');
  await expect(page.getByTestId('credit-value')).toHaveText('0.001 USD');
  await expect(row('getUser', 'local')).toContainText('0.04 USD per profile');
  await expect(row('getUser', 'local')).not.toContainText('BELOW COST');

  const costForm = page.getByRole('form', { name: 'Set an upstream cost' });
  await costForm.getByLabel('Platform').selectOption('local');
  await costForm.getByLabel('Operation').selectOption('getUser');
  await costForm.getByLabel('Cost per item').fill('0.05');
  await costForm.getByRole('button', { name: 'Set upstream cost' }).click();
  await expect(costForm.getByRole('status')).toContainText('getUser on local costs 0.00 USD per request and 0.05 USD per item upstream');
  await expect(row('getUser', 'local')).toContainText('BELOW COST');
  await expect(row('getUser', 'local')).toContainText('each item sells below its upstream cost');
  await expect(page.getByRole('heading', { name: 'Price list (1 below cost)' })).toBeVisible();
  await page.getByRole('link', { name: 'Below cost only' }).click();
  await expect(page).toHaveURL(/below=1/);
  await expect(list.getByRole('row')).toHaveCount(2);
  await expect(row('getUser', 'local')).toBeVisible();

  // 50% off for the admin's own workspace: its next getUser on local costs 20 credits.
  const overrideForm = page.getByRole('form', { name: 'Add an override' });
  await overrideForm.getByLabel('Workspace').fill(slug);
  await overrideForm.getByLabel('Platform').selectOption('local');
  await overrideForm.getByLabel('Operation').selectOption('getUser');
  await overrideForm.getByLabel('Discount (%)').fill('50');
  await overrideForm.getByLabel('Or its own price (credits per unit)').fill('10');
  await overrideForm.getByRole('button', { name: 'Add override' }).click();
  await expect(overrideForm.getByRole('alert')).toContainText('Give exactly one of a discount');
  await overrideForm.getByLabel('Or its own price (credits per unit)').fill('');
  await overrideForm.getByRole('button', { name: 'Add override' }).click();
  await expect(overrideForm.getByRole('status')).toHaveText(`${slug} gets 50% off getUser on local, from now`);
  const overrides = page.getByRole('region', { name: 'Overrides in force', exact: true });
  await expect(overrides.getByRole('row', { name: new RegExp(slug) })).toContainText('50% off the list price');
  await expect(overrides.getByRole('row', { name: new RegExp(slug) })).toContainText('in force');
  const call = await callV2(baseURL!, key, `/v2/users/${sampleUsername()}`);
  expect(call.status).toBe(200);
  expect((call.body as { meta: { credits_charged: number } }).meta.credits_charged).toBe(20);
  // A fresh load for the screenshots (their wait for an idle network follows the last document load).
  await page.goto('/admin/prices');
  await expect(overrides.getByRole('row', { name: new RegExp(slug) })).toContainText('in force');
  await screenshotPage(page, 'admin-prices');

  // Withdrawn, the workspace pays the list price again.
  await overrides.getByRole('button', { name: `Withdraw ${slug}'s override for getUser on local` }).click();
  await expect(page.getByRole('status').filter({ hasText: `Withdrew ${slug}'s override for getUser on local, from now` })).toBeVisible();
  await expect(overrides.getByRole('row', { name: new RegExp(slug) })).toHaveCount(0);
  const after = await callV2(baseURL!, key, `/v2/users/${sampleUsername()}`);
  expect((after.body as { meta: { credits_charged: number } }).meta.credits_charged).toBe(40);
});
