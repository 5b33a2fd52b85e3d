import { formatMoney } from '@/lib/admin/money';
import { callV2, createKey, expect, makeAdmin, sampleUsername, signUp, test, uniqueEmail, withDatabase } from './support/fixtures';

// /admin/margin (issue 31): the totals of one workspace's calls, the note when no credit value
// is set, money in once one is, and the empty state of a range with nothing recorded.

const BY = 'e2e admin-margin';

test('admin margin: totals, the credit value note, money in, an empty range', async ({ page, baseURL }) => {
  const email = uniqueEmail('margin');
  await signUp(page, email);
  const key = await createKey(page, 'margin');
  let credits = 0;
  for (let i = 0; i < 3; i++) {
    const answer = await callV2(baseURL!, key, `/v2/users/${sampleUsername()}`);
    expect(answer.status).toBe(200);
    credits += (answer.body as { meta: { credits_charged: number } }).meta.credits_charged;
  }
  expect(credits).toBeGreaterThan(0);
  expect((await page.goto('/admin/margin'))!.status()).toBe(404);
  await makeAdmin(email);
  const { slug, valued } = await withDatabase(async (db) => {
    const workspace = await db.query<{ slug: string }>(
      `SELECT w.slug FROM workspaces w JOIN workspace_members m ON m.workspace_id = w.id JOIN users u ON u.id = m.user_id WHERE u.email = $1 AND w.personal`,
      [email],
    );
    const values = await db.query('SELECT 1 FROM credit_values WHERE effective_from <= now()');
    return { slug: workspace.rows[0].slug, valued: values.rowCount! > 0 };
  });

  // The workspace's calls, filtered through the form. Usage is written behind: the page may be a moment behind the calls.
  const totals = page.getByLabel('Totals');
  const stat = (label: string) => totals.locator('div').filter({ has: page.getByText(label, { exact: true }) });
  await expect(async () => {
    await page.goto('/admin/margin');
    const form = page.getByRole('form', { name: 'Margin filters' });
    await form.getByLabel('Workspace').fill(slug);
    await form.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(new RegExp(`workspace=${slug}`));
    await expect(stat('Credits sold')).toContainText(credits.toLocaleString('en-US'), { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Margin' })).toBeVisible();
  await expect(stat('Calls')).toContainText('3');
  // The embedded platform asks nothing upstream.
  await expect(stat('Upstream cost')).toContainText('0.00 USD');
  await expect(page.getByRole('region', { name: 'Margin by platform' }).getByRole('row', { name: /local/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Margin by operation' }).getByRole('row', { name: /getUser/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Margin by account' }).getByRole('row', { name: new RegExp(slug) })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Money in, upstream cost and margin per day' })).toBeVisible();
  if (!valued) {
    await expect(page.getByTestId('margin-no-credit-value')).toBeVisible();
    await expect(page.getByTestId('margin-no-credit-value').getByRole('link')).toHaveAttribute('href', '/admin/prices');
    await expect(stat('Money in')).toContainText('—');
  }

  // A credit worth 0.001: money in is the credits at that value, all of it margin.
  await withDatabase((db) => db.query(`INSERT INTO credit_values (micros_per_credit, currency, created_by) VALUES (1000, 'USD', $1)`, [BY]));
  try {
    await page.reload();
    // As the price list writes money (lib/admin/money.ts): credits × 0.001.
    const money = formatMoney(credits * 1000, 'USD');
    await expect(stat('Money in')).toContainText(money);
    await expect(stat('Margin')).toContainText(money);
    await expect(stat('Margin %')).toContainText('100.0%');
    await expect(page.getByTestId('margin-no-credit-value')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screenshots/admin-margin-desktop.png', fullPage: true });
  } finally {
    await withDatabase((db) => db.query('DELETE FROM credit_values WHERE created_by = $1', [BY]));
  }

  // A range with nothing in it.
  await page.goto(`/admin/margin?workspace=${slug}&from=2020-01-01&to=2020-01-31`);
  await expect(page.getByTestId('margin-empty')).toContainText('No calls were recorded from 2020-01-01 to 2020-01-31 with these filters');
  // Dates that are no dates are refused, and the last 30 days shown.
  await page.goto('/admin/margin?from=yesterday');
  await expect(page.getByRole('main').getByRole('alert')).toContainText('from must be a date');
});
