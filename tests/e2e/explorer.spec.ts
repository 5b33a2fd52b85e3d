import type { Page } from '@playwright/test';
import { expect, sampleUsername, signUp, test, uniqueEmail } from './support/fixtures';
import { screenshotPage } from './support/screenshots';

/** Says yes to the explorer's question before a fetch dearer than the threshold (50 credits by default). */
async function approve(page: Page, credits: number): Promise<void> {
  const ask = page.getByRole('button', { name: `Load for up to ${credits.toLocaleString('en-US')} credits` });
  await expect(ask.first()).toBeVisible();
  await ask.first().click();
}

test('explorer: search (asked first) → a profile → the followers tab loads a second page on "Load more"; the running total adds up and survives a reload', async ({ page }) => {
  const username = sampleUsername();
  await signUp(page, uniqueEmail('explorer'));
  let charged = 0;
  page.on('response', async (response) => {
    if (!response.url().includes('/api/dashboard/v2/') || !response.ok()) return;
    // A body still arriving when the test ends is of no interest (reading it would throw then).
    const body = (await response.json().catch(() => null)) as { meta: { credits_charged: number } } | null;
    if (body) charged += body.meta.credits_charged;
  });

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Explore' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
  await screenshotPage(page, 'explore-home');

  // Tweet search with filters; the results are cards with linked entities.
  const search = page.getByRole('search', { name: 'Search tweets and users' });
  await search.getByLabel('Search tweets', { exact: true }).fill(`from:${username}`);
  await search.getByLabel('Sort').selectOption('popular');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/q=from%3A.*sort=popular/);
  // A page of tweets can cost 300 credits: the explorer asks, and fetches nothing until then.
  await expect(page.getByRole('group', { name: `Load tweets matching from:${username}?` })).toContainText('costs up to 300 credits');
  expect(charged).toBe(0);
  await screenshotPage(page, 'explore-ask-before-fetch');
  await approve(page, 300);
  const tweets = page.getByRole('region', { name: `Tweets matching from:${username}` });
  await expect(tweets.getByRole('article').first()).toBeVisible();
  await expect(tweets.getByRole('article').first()).toContainText(`@${username}`);
  await screenshotPage(page, 'explore-search');

  // A hashtag in a card is a search.
  const hashtag = tweets.getByRole('link', { name: /^#/ }).first();
  if (await hashtag.count()) {
    const tag = (await hashtag.textContent())!;
    await hashtag.click();
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(tag)}`));
    await expect(page.getByLabel('Search tweets', { exact: true })).toHaveValue(tag);
  }

  // User search, then the profile.
  await search.getByText('Users', { exact: true }).click();
  await search.getByLabel('Search users', { exact: true }).fill(username);
  await search.getByRole('button', { name: 'Search', exact: true }).click();
  await approve(page, 360);
  const users = page.getByRole('region', { name: `Users matching ${username}` });
  await users.getByRole('article', { name: `@${username}`, exact: true }).getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/explore/users/${username}$`, 'i'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Followers', { exact: true }).first()).toBeVisible();
  await approve(page, 300);
  await expect(page.getByRole('region', { name: new RegExp(`^Tweets of @${username}$`, 'i') }).getByRole('article').first()).toBeVisible();
  await screenshotPage(page, 'explore-profile');

  // The followers tab (20 credits a page, under the threshold: no question): one page, then a
  // second one on "Load more", which names its cost; scrolling alone fetches nothing by default.
  await page.getByRole('navigation', { name: 'Profile sections' }).getByRole('link', { name: 'Followers', exact: true }).click();
  await expect(page).toHaveURL(/tab=followers/);
  const followers = page.getByRole('region', { name: new RegExp(`^Followers of @${username}$`, 'i') });
  await expect(followers.locator('[data-page="1"]').getByRole('article')).toHaveCount(20);
  await expect(followers.locator('[data-page="2"]')).toHaveCount(0);
  await expect(page.getByLabel('Load more pages as I scroll')).not.toBeChecked();
  const secondPage = page.waitForRequest((r) => r.url().includes('/followers?') && r.url().includes('cursor='));
  await followers.getByRole('button', { name: 'Load more · up to 20 credits' }).click();
  await secondPage;
  await expect(followers.locator('[data-page="2"]').getByRole('article').first()).toBeVisible();
  await expect(followers.getByText(/^Page 2 · \d+ users · \d+ credits$/)).toBeVisible();

  // Every fetch so far is in the running total.
  await expect.poll(() => charged).toBeGreaterThan(0);
  await expect.poll(async () => (await page.getByTestId('explorer-total').textContent()) === charged.toLocaleString('en-US')).toBe(true);
  await screenshotPage(page, 'explore-followers');

  // "Spent here" is the session's, not the page load's: the total carries over the reload and
  // then adds what the reloaded page fetches again (every charge seen since the test began).
  const total = async () => Number((await page.getByTestId('explorer-total').textContent())?.replaceAll(',', ''));
  const spent = await total();
  await page.reload();
  await expect.poll(async () => (await total()) === charged && charged > spent).toBe(true);
});

test('explorer: a tweet with its conversation, a list, a community and trends by country', async ({ page }) => {
  await signUp(page, uniqueEmail('explorer-pages'));
  await page.goto('/dashboard/explore');

  // The busy tweets are named by their author and the start of their text.
  const busyTweets = page.getByRole('heading', { name: 'Busy tweets' }).locator('..').getByRole('link');
  await expect(busyTweets.first()).toHaveText(/^@\w+: \S/);
  await busyTweets.first().click();
  await expect(page).toHaveURL(/\/dashboard\/explore\/tweets\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tweet' })).toBeVisible();
  await expect(page.getByText(/^getTweet · 15 credits$/)).toBeVisible();
  await approve(page, 300);
  await expect(page.getByRole('region', { name: 'Replies' }).getByRole('article').first()).toBeVisible();
  await screenshotPage(page, 'explore-tweet');
  await page.getByRole('navigation', { name: 'Tweet sections' }).getByRole('link', { name: 'Quotes' }).click();
  await expect(page).toHaveURL(/tab=quotes/);
  await approve(page, 300);
  await expect(page.getByRole('region', { name: 'Quotes' }).or(page.getByText('No quotes yet.'))).toBeVisible();

  await page.goto('/dashboard/explore');
  // Lists and communities go by their names.
  const firstList = page.locator('a[href^="/dashboard/explore/lists/"]').first();
  const listName = (await firstList.textContent())!;
  expect(listName).not.toMatch(/^List \d+$/);
  await firstList.click();
  await expect(page.getByRole('heading', { level: 1, name: listName })).toBeVisible();
  await approve(page, 300);
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.getByRole('navigation', { name: 'List sections' }).getByRole('link', { name: 'Members' }).click();
  await expect(page.getByRole('region', { name: /^Members of list/ }).getByRole('article').first()).toBeVisible();
  await screenshotPage(page, 'explore-list');

  await page.goto('/dashboard/explore');
  const firstCommunity = page.locator('a[href^="/dashboard/explore/communities/"]').first();
  await expect(firstCommunity).not.toHaveText(/^Community \d+$/);
  await firstCommunity.click();
  await expect(page.getByText(/^getCommunity · 18 credits$/)).toBeVisible();
  await expect(page.getByText(/members/).first()).toBeVisible();
  await screenshotPage(page, 'explore-community');

  await page.getByRole('navigation', { name: 'Explorer' }).getByRole('link', { name: 'Trends' }).click();
  const country = page.getByLabel('Country');
  await expect(country.locator('option')).toHaveCount(65);
  // Trends cost 100 credits a load: asked, not spent on opening the page.
  await approve(page, 100);
  await expect(page.getByText(/^getTrending · 100 credits$/)).toBeVisible();
  await country.selectOption('Japan');
  await expect(page).toHaveURL(/country=Japan/);
  await approve(page, 100);
  await expect(page.getByRole('region', { name: 'Trends in Japan' })).toBeVisible();
  await screenshotPage(page, 'explore-trends');
});
