import { createKey, expect, signUp, test, uniqueEmail, withDatabase } from './support/fixtures';
import { connectPlatformAccount, dashboardV2 } from './support/platform-account';
import { screenshotPage } from './support/screenshots';

// Account monitors on the Monitors page (issue 32): a follows monitor and a profile monitor made
// on the page for a freshly connected platform account; that account follows and unfollows a
// seeded user through the dashboard's /v2 write path and its name is changed in the embedded
// platform's table; the events the server's monitor worker records show up in each monitor's
// timeline as sentences, and the follows chart counts them. Then pause, resume and delete.

test('create follows and profile monitors, see real follows and a profile change in their timelines and chart', async ({ page }) => {
  // Sign-up, a platform account, two monitors and screenshots in light, dark and phone widths.
  test.setTimeout(240_000);
  await signUp(page, uniqueEmail('monitors'));
  await createKey(page, 'monitors key');
  const me = await connectPlatformAccount(page, 'mon');
  const other = process.env.PERCH_E2E_SAMPLE_USERNAME!;
  expect(other).toBeTruthy();

  await page.goto('/dashboard/rules');
  await expect(page.getByRole('heading', { level: 1, name: 'Monitors' })).toBeVisible();
  await expect(page.getByText('No follow monitors yet: create one above.')).toBeVisible();
  await expect(page.getByText('No profile monitors yet: create one above.')).toBeVisible();
  const form = page.getByRole('form', { name: 'Create a monitor' });

  // A follows monitor of the connected account, both directions: an unknown account is refused as typed.
  await form.getByLabel('Tag').fill('e2e follows');
  await form.getByRole('radio', { name: 'Follows' }).check();
  const username = form.getByRole('textbox', { name: 'Username' });
  await username.fill('nosuchuser_e2e');
  await expect(form.getByText('no such user: nosuchuser_e2e')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Create monitor' })).toBeDisabled();
  await username.fill(`@${me}`);
  await expect(form.getByText('Account found.')).toBeVisible();
  await form.getByLabel('Direction').selectOption('both');
  await form.getByRole('button', { name: 'Create monitor' }).click();
  const followsRow = page.getByRole('region', { name: 'Follow monitors table' }).getByRole('row').filter({ hasText: 'e2e follows' });
  await expect(followsRow.getByRole('cell', { name: `@${me.toLowerCase()} · both` })).toBeVisible();
  await expect(followsRow.getByRole('cell', { name: 'active', exact: true })).toBeVisible();

  // A profile monitor: more than 100 usernames is refused as typed, then the account alone.
  await form.getByRole('radio', { name: 'Profiles' }).check();
  await form.getByLabel('Tag').fill('e2e profile');
  const usernames = form.getByRole('textbox', { name: 'Usernames' });
  await usernames.fill(Array.from({ length: 101 }, (_, i) => `user${i}`).join(', '));
  await expect(form.getByText(/at most 100 accounts/)).toBeVisible();
  await usernames.fill(`@${me}`);
  await expect(form.getByText('All accounts found.')).toBeVisible();
  await form.getByRole('button', { name: 'Create monitor' }).click();
  const profileRow = page.getByRole('region', { name: 'Profile monitors table' }).getByRole('row').filter({ hasText: 'e2e profile' });
  await expect(profileRow.getByRole('cell', { name: me.toLowerCase(), exact: true })).toBeVisible();
  // Neither is a tweet monitor.
  await expect(page.getByText('No tweet monitors yet: create one above.')).toBeVisible();

  // The account follows and then unfollows a seeded user, through the platform's write path.
  const followed = await dashboardV2(page, 'POST', `users/${other}/follow`);
  expect(followed.status, JSON.stringify(followed.body)).toBe(200);
  const unfollowed = await page.request.fetch(`/api/dashboard/v2/users/${other}/follow`, { method: 'DELETE', headers: { 'x-perch-dashboard': '1' } });
  expect(unfollowed.status()).toBe(200);
  // Its name changes in the embedded platform's table (the platform has no profile write call).
  const oldName = await withDatabase(async (client) => {
    const { rows } = await client.query<{ name: string }>('SELECT name FROM platform.users WHERE lower(username) = lower($1)', [me]);
    await client.query('UPDATE platform.users SET name = $2 WHERE lower(username) = lower($1)', [me, 'Perch Monitors E2E']);
    return rows[0].name;
  });

  // The follows monitor's timeline, newest first, and its chart.
  await followsRow.getByRole('button', { name: 'Events of e2e follows' }).click();
  const followsLog = page.getByRole('log', { name: 'Events of e2e follows' });
  await expect(followsLog.getByRole('listitem')).toHaveText([new RegExp(`@${me} unfollowed @${other}$`), new RegExp(`@${me} followed @${other}$`)]);
  await expect(followsLog.getByRole('listitem').first()).toContainText('follow.removed');
  const chart = page.getByRole('figure', { name: 'Follows and unfollows per day' });
  await expect(chart).toContainText('Last 30 days: 1 follow, 1 unfollow.');
  await expect(chart.locator('svg path.recharts-rectangle')).toHaveCount(2);
  await expect(followsRow.getByRole('cell', { name: '2', exact: true })).toBeVisible();
  await screenshotPage(page, 'monitors-follows');

  // The profile monitor's timeline: the change with its old and new value.
  await profileRow.getByRole('button', { name: 'Events of e2e profile' }).click();
  await expect(followsLog).toHaveCount(0);
  const profileLog = page.getByRole('log', { name: 'Events of e2e profile' });
  await expect(profileLog.getByRole('listitem')).toHaveCount(1);
  await expect(profileLog.getByRole('listitem')).toContainText('profile.updated');
  await expect(profileLog.getByRole('listitem')).toContainText(`@${me} changed name: ${oldName} → Perch Monitors E2E`);
  // A profile monitor has no follows chart.
  await expect(chart).toHaveCount(0);
  await screenshotPage(page, 'monitors-profile');

  // Pause and resume, then delete (its timeline closes with it).
  await followsRow.getByRole('button', { name: 'Pause e2e follows' }).click();
  await expect(followsRow.getByRole('cell', { name: 'paused (paused by user)' })).toBeVisible();
  await followsRow.getByRole('button', { name: 'Resume e2e follows' }).click();
  await expect(followsRow.getByRole('cell', { name: 'active', exact: true })).toBeVisible();
  await profileRow.getByRole('button', { name: 'Delete e2e profile' }).click();
  await page.getByRole('dialog', { name: 'Delete monitor e2e profile?' }).getByRole('button', { name: 'Delete monitor' }).click();
  await expect(page.getByText('No profile monitors yet: create one above.')).toBeVisible();
  await expect(profileLog).toHaveCount(0);
});
