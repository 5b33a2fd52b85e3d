import type { Page } from '@playwright/test';
import { expect, sampleUsername, signUp, test, uniqueEmail } from './support/fixtures';
import { createPlatformAccountOnAuthorizePage, dashboardV2, PLATFORM_PASSWORD, platformUsername } from './support/platform-account';
import { screenshotPage } from './support/screenshots';

// "Connect platform account" end to end in Chromium: the dashboard, the embedded platform's
// authorize and consent pages, the callback, the compose box, the explorer, disconnect.

/** A write through the dashboard's /v2 path, as the compose box sends it, from the page's session. */
const dashboardWrite = (page: Page, path: string, body: unknown) => dashboardV2(page, 'POST', path, body);

test('connect a platform account, post from the compose box, find it in the explorer, disconnect, then writes get 403', async ({ page }) => {
  await signUp(page, uniqueEmail('connect'));
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Connections' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Connections' })).toBeVisible();
  await expect(page.getByText('No platform account is connected.')).toBeVisible();
  await screenshotPage(page, 'connections-empty');

  const before = await dashboardWrite(page, 'tweets/create', { text: 'not yet' });
  expect({ status: before.status, code: before.body.error.code }).toEqual({ status: 403, code: 'account_not_connected' });

  await page.getByRole('button', { name: 'Connect platform account' }).click();
  const authorizeUrl = new URL(page.url());
  expect(Object.fromEntries(authorizeUrl.searchParams)).toMatchObject({
    response_type: 'code',
    client_id: 'perch-dashboard',
    redirect_uri: `${authorizeUrl.origin}/dashboard/connections/callback`,
    scope: 'tweet.read tweet.write like.write follows.write offline.access',
    code_challenge_method: 'S256',
  });
  await screenshotPage(page, 'platform-authorize-signin');

  const username = platformUsername('e2e');
  await createPlatformAccountOnAuthorizePage(page, username);
  await expect(page.getByRole('heading', { level: 1, name: 'Allow Perch dashboard to use your account?' })).toBeVisible();
  await expect(page.getByText(`@${username}`, { exact: true })).toBeVisible();
  const permissions = page.getByRole('list', { name: 'Requested permissions' }).getByRole('listitem');
  await expect(permissions).toHaveCount(5);
  await expect(permissions.filter({ hasText: 'follows.write' })).toContainText('Follow and unfollow accounts as you');
  await screenshotPage(page, 'platform-consent');

  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/dashboard\/connections\?connected=1$/);
  await expect(page.getByRole('status').filter({ hasText: `Connected @${username}.` })).toBeVisible();
  await expect(page.getByLabel(`Connected account @${username}`)).toHaveText(`@${username}`);
  await screenshotPage(page, 'connections-connected');

  // The compose box posts through /api/dashboard/v2 and says what it costs.
  const word = `perche2e${Date.now().toString(36)}`;
  const compose = page.getByRole('form', { name: 'Compose' });
  await compose.getByLabel(`Text, posted as @${username}`).fill(`hello from the compose box ${word}`);
  await compose.getByRole('button', { name: 'Post tweet · 100 credits' }).click();
  await expect(compose.getByRole('status')).toContainText(`Posted as @${username}`);

  // The explorer finds it in the next search (after asking: a page of tweets can cost 300
  // credits), with the write actions on its card.
  const searchAgain = async () => {
    await page.goto(`/dashboard/explore?q=${word}`);
    await page.getByRole('button', { name: 'Load for up to 300 credits' }).click();
  };
  await searchAgain();
  const card = page.getByRole('article', { name: `Tweet by @${username}` });
  await expect(card).toContainText(`hello from the compose box ${word}`);
  const actions = card.getByRole('group', { name: 'Tweet actions' });
  const spent = async () => Number((await page.getByTestId('explorer-total').textContent())?.replaceAll(',', ''));
  await expect(actions.getByRole('button', { name: 'Like (100 credits)', exact: true })).toHaveText(/^Like\s*100 cr$/);
  const beforeLike = await spent();
  await actions.getByRole('button', { name: 'Like (100 credits)', exact: true }).click();
  // The button says what happened and offers the undo with its price.
  const liked = actions.getByRole('button', { name: 'Liked. Unlike (100 credits)' });
  await expect(liked).toHaveText(/^Liked\s*Unlike · 100 cr$/);
  await expect(actions.getByRole('button', { name: 'Like (100 credits)', exact: true })).toHaveCount(0);
  // "Spent here" counts the write's charge.
  await expect.poll(spent).toBe(beforeLike + 100);
  await actions.getByRole('button', { name: 'Retweet (100 credits)', exact: true }).click();
  await expect(actions.getByRole('button', { name: 'Retweeted. Undo retweet (100 credits)' })).toHaveText(/^Retweeted\s*Undo retweet · 100 cr$/);
  await expect.poll(spent).toBe(beforeLike + 200);
  await screenshotPage(page, 'explorer-tweet-liked-retweeted');
  // Undoing the retweet is a write too, and the button reads Retweet again.
  await actions.getByRole('button', { name: 'Retweeted. Undo retweet (100 credits)' }).click();
  await expect(actions.getByRole('button', { name: 'Retweet (100 credits)', exact: true })).toHaveText(/^Retweet\s*100 cr$/);
  await expect.poll(spent).toBe(beforeLike + 300);
  // The state is the record's (viewer), so it survives a reload.
  await page.reload();
  await page.getByRole('button', { name: 'Load for up to 300 credits' }).click();
  await expect(actions.getByRole('button', { name: 'Liked. Unlike (100 credits)' })).toHaveText(/^Liked\s*Unlike · 100 cr$/);
  await expect(actions.getByRole('button', { name: 'Retweet (100 credits)', exact: true })).toBeVisible();
  await actions.getByRole('button', { name: 'Reply (100 credits)' }).click();
  const reply = card.getByRole('form', { name: /^Reply to tweet \d+$/ });
  await reply.getByLabel('Text').fill('a reply from the tweet card');
  await screenshotPage(page, 'explorer-tweet-reply');
  await reply.getByRole('button', { name: 'Reply · 100 credits' }).click();
  await expect(reply.getByRole('status')).toContainText(`Posted as @${username}`);

  await page.goto(`/dashboard/explore/users/${sampleUsername()}`);
  const profileActions = page.getByRole('group', { name: 'Profile actions' });
  const follow = profileActions.getByRole('button', { name: 'Follow (100 credits)', exact: true });
  await expect(follow).toHaveText(/^\+\s*Follow\s*100 cr$/);
  await follow.click();
  const following = profileActions.getByRole('button', { name: 'Following. Unfollow (100 credits)' });
  await expect(following).toHaveText(/^✓\s*Following\s*Unfollow · 100 cr$/);
  await screenshotPage(page, 'explorer-profile-follow');
  await page.reload();
  await expect(following).toBeVisible();
  // Your own profile has nothing to follow.
  await page.goto(`/dashboard/explore/users/${username}`);
  await expect(page.getByText('Your connected account')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Follow (100 credits)', exact: true })).toHaveCount(0);

  // Disconnect asks first; Cancel keeps the connection.
  await page.goto('/dashboard/connections');
  await page.getByRole('button', { name: 'Disconnect' }).click();
  const confirm = page.getByRole('dialog', { name: `Disconnect @${username}?` });
  await expect(confirm).toBeVisible();
  await screenshotPage(page, 'connections-disconnect-confirm');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel(`Connected account @${username}`)).toHaveText(`@${username}`);
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await confirm.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page).toHaveURL(/\/dashboard\/connections\?disconnected=1$/);
  await expect(page.getByText('No platform account is connected.')).toBeVisible();

  const after = await dashboardWrite(page, 'tweets/create', { text: 'after disconnect' });
  expect({ status: after.status, code: after.body.error.code }).toEqual({ status: 403, code: 'account_not_connected' });
  // The buttons in the explorer say so too, and point to the fix.
  await searchAgain();
  const again = page.getByRole('article', { name: `Tweet by @${username}` }).getByRole('group', { name: 'Tweet actions' });
  await again.getByRole('button', { name: 'Retweet (100 credits)', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'No platform account is connected.' })).toBeVisible();
  await expect(page.getByRole('alert').getByRole('link', { name: 'Connect one' })).toHaveAttribute('href', '/dashboard/connections');
});

test('on the platform: cancel connects nothing; sign out, a wrong password, then sign in and allow', async ({ page }) => {
  await signUp(page, uniqueEmail('platform'));
  await page.goto('/dashboard/connections');
  await page.getByRole('button', { name: 'Connect platform account' }).click();
  const username = platformUsername('e2f');
  await createPlatformAccountOnAuthorizePage(page, username);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/dashboard\/connections\?error=access_denied&reason=denied$/);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('You did not allow access on the platform, so nothing was connected. (access_denied)');
  await screenshotPage(page, 'connections-denied');

  // Still signed in on the platform: straight to consent, where "not you?" signs out.
  await page.getByRole('button', { name: 'Connect platform account' }).click();
  await page.getByRole('button', { name: `Not @${username}? Use another account` }).click();
  const signIn = page.getByRole('form', { name: 'Sign in to the platform' });
  await signIn.getByLabel('Username').fill(username);
  await signIn.getByLabel('Password').fill('not the password');
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(signIn.getByRole('alert')).toHaveText('Username or password is incorrect.');
  await expect(signIn.getByLabel('Username')).toHaveValue(username);
  await screenshotPage(page, 'platform-signin-error');
  await signIn.getByLabel('Password').fill(PLATFORM_PASSWORD);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByLabel(`Connected account @${username}`)).toBeVisible();

  // A forged authorization request is shown on the platform, never redirected.
  const forged = new URL(page.url());
  forged.pathname = '/platform/oauth/authorize';
  forged.search = new URLSearchParams({ response_type: 'code', client_id: 'perch-dashboard', redirect_uri: 'https://evil.example/cb', state: 'x', scope: 'tweet.read', code_challenge: 'a'.repeat(43), code_challenge_method: 'S256' }).toString();
  await page.goto(forged.toString());
  await expect(page.getByRole('heading', { level: 1, name: 'This authorization request cannot be used' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('redirect_uri does not match');

  // The token and revoke endpoints over HTTP: standard OAuth error JSON, never cached.
  const wrongClient = { authorization: `Basic ${Buffer.from('perch-dashboard:not-the-secret').toString('base64')}` };
  const token = await page.request.post('/platform/oauth/token', { form: { grant_type: 'authorization_code', code: 'pac_x', redirect_uri: 'x', code_verifier: 'x' }, headers: wrongClient });
  expect({ status: token.status(), body: await token.json(), cache: token.headers()['cache-control'] }).toMatchObject({
    status: 401,
    body: { error: 'invalid_client', error_description: expect.any(String) },
    cache: 'no-store',
  });
  const revoke = await page.request.post('/platform/oauth/revoke', { form: { token: 'prt_x' }, headers: wrongClient });
  expect({ status: revoke.status(), error: (await revoke.json()).error }).toEqual({ status: 401, error: 'invalid_client' });
  const json = await page.request.post('/platform/oauth/token', { data: { grant_type: 'refresh_token' } });
  expect({ status: json.status(), error: (await json.json()).error }).toEqual({ status: 400, error: 'invalid_request' });
});
