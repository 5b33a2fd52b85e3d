import fs from 'node:fs';
import pg from 'pg';
import { base32Decode, totpCode } from '@/lib/account/totp';
import { callV2, createKey, expect, mailedLink, makeAdmin, PASSWORD, signUp, test, uniqueEmail } from './support/fixtures';
import { screenshotPage } from './support/screenshots';

// Account basics in the browser: email confirmation through the admin Outbox (no SMTP in
// this run), password change, sign-out that really ends the session, password reset by
// mail, two-factor sign-in, and account deletion.

/** The path of the link in a mail (its origin is the server's own). */
function linkPath(text: string, path: string): string {
  const match = new RegExp(`https?://[^\\s]+(${path}\\?token=[A-Za-z0-9_-]+)`).exec(text);
  expect(match, `a ${path} link in:\n${text}`).toBeTruthy();
  return match![1];
}

/** Forgets that an account's address was confirmed. */
async function unconfirm(address: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.PERCH_E2E_DATABASE_URL });
  await client.connect();
  try {
    expect((await client.query('UPDATE users SET email_verified = NULL WHERE email = $1', [address])).rowCount).toBe(1);
  } finally {
    await client.end();
  }
}

async function signOut(page: import('@playwright/test').Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('email confirmation from the admin Outbox, password change, and a sign-out that ends the session', async ({ page, browser }) => {
  const email = uniqueEmail('settings');
  await signUp(page, email);
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  // The sign-up link proved the address.
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();

  // An account whose address is not confirmed (made by the admin CLI, or before sign-ups
  // were confirmed by mail) asks for a link; without SMTP it waits in the admin Outbox.
  await unconfirm(email);
  await page.reload();
  await expect(page.getByText('Not confirmed')).toBeVisible();
  await page.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByText(`A confirmation link is on its way to ${email}.`)).toBeVisible();
  await makeAdmin(email);
  await page.goto('/admin/outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  await expect(page.getByText(/No SMTP is configured/)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email }).filter({ hasText: 'Confirm your email address for Perch' });
  await expect(row).toBeVisible();
  // The mail's link is a link (issue 27), the same one the text shows.
  const link = row.locator('pre').getByRole('link', { name: /\/verify-email\?token=/ });
  await expect(link).toHaveAttribute('href', /\/verify-email\?token=[A-Za-z0-9_-]+$/);
  await page.goto(linkPath((await row.locator('pre').textContent())!, '/verify-email'));
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect(page.getByRole('status')).toHaveText('Your email address is confirmed.');
  await page.goto('/dashboard/settings');
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();

  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill('not my password');
  await form.getByLabel('New password').fill('a fresh password 42');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('That is not your current password')).toBeVisible();
  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('status')).toContainText('Password changed');

  // A copy of the session cookie taken before signing out is refused afterwards.
  const cookies = await page.context().cookies();
  await signOut(page);
  const copy = await browser.newContext();
  await copy.addCookies(cookies);
  const stolen = await copy.newPage();
  await stolen.goto('/dashboard/settings');
  await expect(stolen).toHaveURL(/\/signin\?callbackUrl=/);
  expect((await stolen.request.get('/api/dashboard/keys')).status()).toBe(401);
  await copy.close();

  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a fresh password 42');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('two-factor sign-in with an authenticator code or a recovery code, and a password reset by mail', async ({ page }) => {
  const email = uniqueEmail('twofactor');
  await signUp(page, email);
  await page.goto('/dashboard/settings');
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code of the authenticator link' })).toBeVisible();
  const secret = base32Decode((await page.getByLabel('Two-factor secret').textContent())!);
  const enrolledAt = Date.now();
  const confirm = page.getByRole('form', { name: 'Confirm two-factor sign-in' });
  await confirm.getByLabel('Code from the app').fill(totpCode(secret, enrolledAt) === '000000' ? '111111' : '000000');
  await confirm.getByRole('button', { name: 'Turn on' }).click();
  await expect(confirm.getByText(/That code is not right/)).toBeVisible();
  await confirm.getByLabel('Code from the app').fill(totpCode(secret, enrolledAt));
  await confirm.getByRole('button', { name: 'Turn on' }).click();
  const recovery = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(recovery).toHaveCount(10);
  const recoveryCode = (await recovery.first().textContent())!;
  const spareCodes = [(await recovery.nth(1).textContent())!, (await recovery.nth(2).textContent())!];
  await screenshotPage(page, 'settings-recovery-codes');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('form', { name: 'Turn off two-factor sign-in' })).toBeVisible();
  await signOut(page);

  // The right password alone now asks for the code.
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
  await page.getByLabel('Authentication code').fill(totpCode(secret, enrolledAt + 30_000));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await signOut(page);

  // Forgotten password: a link by mail, used once.
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account has this email, a reset link is on its way.');
  // The mail goes out after the answer (so that the answer takes as long for an unknown email).
  const resetLink = new URL(await mailedLink(email, 'Reset your Perch password'));
  const resetPath = resetLink.pathname + resetLink.search;
  await page.goto(resetPath);
  await page.getByLabel('New password').fill('reset via the mail 7');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is changed');
  await page.goto(resetPath);
  await expect(page.getByText('This reset link has expired or was already used.')).toBeVisible();

  // New password plus a recovery code.
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('reset via the mail 7');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Authentication code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Issue 27: the codes left are counted; a new set (for a code: here a spare recovery code)
  // replaces every earlier one and can be copied or downloaded.
  await page.goto('/dashboard/settings');
  await expect(page.getByTestId('recovery-codes-left')).toHaveText('9 of 10');
  const renew = page.getByRole('form', { name: 'New recovery codes' });
  await renew.getByLabel('Code from the app, for a new set').fill(recoveryCode);
  await renew.getByRole('button', { name: 'Make new recovery codes' }).click();
  await expect(renew.getByText(/That code is not right/)).toBeVisible();
  await renew.getByLabel('Code from the app, for a new set').fill(spareCodes[0]);
  await renew.getByRole('button', { name: 'Make new recovery codes' }).click();
  await expect(page.getByText('New recovery codes: every earlier code no longer works.')).toBeVisible();
  const renewed = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(renewed).toHaveCount(10);
  const newCode = (await renewed.first().textContent())!;
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download as a text file' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('perch-recovery-codes.txt');
  expect(fs.readFileSync((await download.path())!, 'utf8')).toContain(newCode);
  await page.getByRole('button', { name: 'Copy codes' }).click();
  await expect(page.getByText(/Copied the codes|did not allow copying/)).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('recovery-codes-left')).toHaveText('10 of 10');

  // Deleting the account with two-factor on asks for a code too; an earlier set's code is void.
  const remove = page.getByRole('form', { name: 'Delete account' });
  await remove.getByLabel('Password to confirm').fill('reset via the mail 7');
  await remove.getByRole('button', { name: 'Delete my account' }).click();
  await expect(remove.getByText('Enter a code from your authenticator app (or a recovery code)')).toBeVisible();
  await remove.getByLabel('Code from your authenticator app (or a recovery code)').fill(spareCodes[1]);
  await remove.getByRole('button', { name: 'Delete my account' }).click();
  await expect(remove.getByText(/That code is not right/)).toBeVisible();
  await remove.getByLabel('Code from your authenticator app (or a recovery code)').fill(newCode);
  await remove.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/\?deleted=1$/);
  await expect(page.getByRole('status')).toContainText('Your account was deleted');
  await screenshotPage(page, 'landing-account-deleted');
});

test('deleting the account asks for the password, revokes its keys and signs it out', async ({ page, baseURL }) => {
  const email = uniqueEmail('delete');
  await signUp(page, email);
  const key = await createKey(page, 'doomed key');
  expect((await callV2(baseURL!, key, '/v2/account')).status).toBe(200);
  await page.goto('/dashboard/settings');
  const form = page.getByRole('form', { name: 'Delete account' });
  await form.getByLabel('Password to confirm').fill('not my password');
  await form.getByRole('button', { name: 'Delete my account' }).click();
  await expect(form.getByText('That is not your password')).toBeVisible();
  await form.getByLabel('Password to confirm').fill(PASSWORD);
  await form.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/\?deleted=1$/);
  expect((await callV2(baseURL!, key, '/v2/account')).status).toBe(401);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/signin/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Email or password is incorrect.')).toBeVisible();
});
