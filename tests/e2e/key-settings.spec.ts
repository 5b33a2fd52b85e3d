import { screenshotPage } from './support/screenshots';
import { callV2, createKey, expect, sampleUsername, signUp, test, uniqueEmail } from './support/fixtures';

test('a key shows its limit, spent and remaining; edit it until "limit reached"; rotate with a grace period; delete it once revoked', async ({ page, baseURL }) => {
  await signUp(page, uniqueEmail('keysettings'));
  const username = sampleUsername();

  // A key with a 40-credit limit, two profile calls (18 each) made with it.
  await page.goto('/dashboard/keys');
  const form = page.getByRole('form', { name: 'Create an API key' });
  await form.getByLabel('Key name').fill('capped key');
  await form.getByLabel('Credit limit (optional)').fill('40');
  await form.getByRole('button', { name: 'Create key' }).click();
  const key = (await page.getByLabel('New API key').textContent())!.trim();
  await page.getByRole('button', { name: 'Done' }).click();
  for (let i = 0; i < 2; i++) expect((await callV2(baseURL!, key, `/v2/users/${username}`)).status).toBe(200);

  await page.reload();
  const row = page.getByRole('row', { name: /capped key/ });
  await expect(row).toContainText('36 of 40');
  await expect(row.getByRole('cell').nth(3)).toHaveText('4'); // remaining
  await expect(row).toContainText('active');

  // Lower the limit to what is spent and the rate limit: the row says "limit reached", /v2 agrees.
  await page.getByRole('button', { name: 'Edit key capped key' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit capped key' });
  await expect(edit.getByLabel('Credit limit')).toHaveValue('40');
  await edit.getByLabel('Credit limit').fill('36');
  await edit.getByLabel('Rate limit (requests per second)').fill('500');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByText('At most 100 requests per second')).toBeVisible();
  await edit.getByLabel('Rate limit (requests per second)').fill('7');
  await screenshotPage(page, 'keys-edit-dialog');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('limit reached');
  await expect(row).toContainText('7/s');
  const refused = await callV2(baseURL!, key, `/v2/users/${username}`);
  expect(refused).toMatchObject({ status: 402, body: { error: { code: 'key_limit_reached' } } });
  await screenshotPage(page, 'keys-limit-reached');

  // Raise it again (empty: no limit), then rotate with a 24-hour grace period.
  await page.getByRole('button', { name: 'Edit key capped key' }).click();
  await edit.getByLabel('Credit limit').fill('');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('no limit');
  await expect(row).toContainText('active');

  await page.getByRole('button', { name: 'Rotate key capped key' }).click();
  const rotate = page.getByRole('dialog', { name: 'Rotate capped key?' });
  await rotate.getByLabel('Keep the old secret working for').selectOption({ label: '24 hours' });
  await rotate.getByRole('button', { name: 'Rotate key' }).click();
  await expect(rotate).toBeHidden();
  const rotated = (await page.getByLabel('New API key').textContent())!.trim();
  expect(rotated).toMatch(/^perch_[0-9A-Za-z]{32}$/);
  expect(rotated).not.toBe(key);
  await expect(page.getByText(/The old secret keeps working until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/)).toBeVisible();
  await screenshotPage(page, 'keys-rotated');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(row).toContainText(`${rotated.slice(0, 10)}…${rotated.slice(-4)}`);
  await expect(row).toContainText(/old secret works until/);
  expect((await callV2(baseURL!, rotated, '/v2/account')).status).toBe(200);
  expect((await callV2(baseURL!, key, '/v2/account')).status).toBe(200);

  // Revoke: hidden by default, shown on request, then deleted for good.
  await page.getByRole('button', { name: 'Revoke key capped key' }).click();
  await page.getByRole('dialog', { name: 'Revoke capped key?' }).getByRole('button', { name: 'Revoke key' }).click();
  await expect(row).toHaveCount(0);
  expect((await callV2(baseURL!, rotated, '/v2/account')).status).toBe(401);
  await page.getByLabel('Show revoked keys (1)').check();
  await expect(row).toContainText('revoked');
  await page.getByRole('button', { name: 'Delete key capped key' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete capped key?' });
  await remove.getByRole('button', { name: 'Delete key' }).click();
  await expect(remove).toBeHidden();
  await expect(row).toHaveCount(0);
  await expect(page.getByLabel(/Show revoked keys/)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('row', { name: /capped key/ })).toHaveCount(0);
});
