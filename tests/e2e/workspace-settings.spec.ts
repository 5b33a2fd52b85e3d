import { PASSWORD, expect, signUp, test, uniqueEmail } from './support/fixtures';

test('an owner renames a shared workspace, then deletes it after reading what goes', async ({ page }) => {
  await signUp(page, uniqueEmail('ws-owner'));
  await page.goto('/dashboard/workspaces/new');
  await page.getByLabel('Workspace name').fill('Doomed Flock');
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page).toHaveURL(/\/w\/doomed-flock-[0-9a-f]{6}\/dashboard$/);
  const slug = /\/w\/([a-z0-9-]+)\//.exec(page.url())![1];
  await page.goto(`/w/${slug}/dashboard/keys`);
  const keyForm = page.getByRole('form', { name: 'Create an API key' });
  await keyForm.getByLabel('Key name').fill('flock key');
  await keyForm.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByLabel('New API key')).toBeVisible();

  // Renaming keeps the address.
  await page.goto(`/w/${slug}/dashboard/workspace`);
  const rename = page.getByRole('form', { name: 'Rename workspace' });
  await rename.getByLabel('Name').fill('Renamed Flock');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(rename.getByText('Renamed to Renamed Flock')).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`/w/${slug}/dashboard/workspace$`));
  await expect(page.getByRole('form', { name: 'Rename workspace' }).getByLabel('Name')).toHaveValue('Renamed Flock');

  // The danger zone says what goes, then asks for the name and the password.
  const remove = page.getByRole('form', { name: 'Delete workspace' });
  await expect(remove).toContainText('its balance of 0 credits is forfeited (not refunded)');
  await expect(remove).toContainText('1 API key revoked at once');
  await expect(remove).toContainText('1 member (you too) lose access');
  await remove.getByLabel(/Type the workspace's name/).fill('Doomed Flock');
  await remove.getByLabel('Your password').fill(PASSWORD);
  await remove.getByRole('button', { name: 'Delete this workspace' }).click();
  // The old name is refused (the error sits under the field, which says the name to type).
  await expect(remove.getByLabel(/Type the workspace's name/)).toHaveAttribute('aria-invalid', 'true');
  await expect(remove.getByText("Type the workspace's name (Renamed Flock) to confirm")).toHaveCount(2);
  await remove.getByLabel(/Type the workspace's name/).fill('Renamed Flock');
  await remove.getByRole('button', { name: 'Delete this workspace' }).click();
  await expect(page).toHaveURL(/\/w\/[a-z0-9-]+\/dashboard$/);
  expect(page.url()).not.toContain(slug);
  const gone = await page.goto(`/w/${slug}/dashboard`);
  expect(gone?.status()).toBe(404);
});

test('deleting the account says what goes with the personal workspace', async ({ page }) => {
  await signUp(page, uniqueEmail('ws-person'));
  await page.goto('/dashboard/settings');
  const form = page.getByRole('form', { name: 'Delete account' });
  await expect(form).toContainText('Your personal workspace is deleted: its balance of 100,000 credits is forfeited (not refunded)');
  await expect(form.getByRole('button', { name: 'Delete my account' })).toBeEnabled();
});
