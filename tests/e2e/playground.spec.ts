import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { createKey, expect, sampleUsername, signUp, test, uniqueEmail } from './support/fixtures';
import { screenshotPage } from './support/screenshots';

type Envelope = { data: unknown; meta: { credits_charged: number; next_cursor: string | null } };

/** Presses Send and returns the body the page received from the session route. */
async function send(page: Page): Promise<Envelope> {
  const answer = page.waitForResponse((r) => r.url().includes('/api/dashboard/v2/'));
  await page.getByRole('button', { name: 'Send request' }).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  return (await response.json()) as Envelope;
}

/** Runs the page's curl snippet in a shell with the key in PERCH_API_KEY, as a reader would. */
async function runCurlSnippet(page: Page, key: string): Promise<Envelope> {
  await page.getByRole('tab', { name: 'curl' }).click();
  const snippet = (await page.getByLabel('curl snippet').textContent())!;
  expect(snippet).toContain('$PERCH_API_KEY');
  expect(snippet).not.toContain(key);
  const stdout = execFileSync('bash', ['-c', snippet], { env: { ...process.env, PERCH_API_KEY: key }, encoding: 'utf8', timeout: 30_000 });
  return JSON.parse(stdout) as Envelope;
}

async function expectShown(page: Page, body: Envelope): Promise<void> {
  const summary = page.getByRole('region', { name: 'Response', exact: true });
  await expect(summary.getByTestId('response-status')).toHaveText('200');
  await expect(summary.getByTestId('response-credits')).toHaveText(body.meta.credits_charged.toLocaleString('en-US'));
  await expect(page.getByRole('list', { name: 'Response body as a tree' })).toContainText('"data"');
}

test('three operations run in the playground show their answers and charges, and their curl snippets return the same data', async ({ page }) => {
  const username = sampleUsername();
  await signUp(page, uniqueEmail('playground'));
  const key = await createKey(page, 'snippets');

  // 1. A GET with a path parameter, from an address that carries the inputs.
  await page.goto(`/dashboard/playground?op=getUserFollowers&username=${username}&count=5`);
  await expect(page.getByRole('heading', { level: 2, name: /getUserFollowers/ })).toBeVisible();
  await expect(page.getByLabel(/^count/)).toHaveValue('5');
  await expect(page.getByTestId('cost-estimate')).toHaveText('up to 5 credits');
  const followers = await send(page);
  expect(followers.meta.credits_charged).toBe(5);
  await expectShown(page, followers);
  expect((await runCurlSnippet(page, key)).data).toEqual(followers.data);

  // "Next page" follows next_cursor: a different page of the same list, and the cursor lands in the form and the address.
  const nextAnswer = page.waitForResponse((r) => r.url().includes('/api/dashboard/v2/') && r.url().includes('cursor='));
  await page.getByRole('button', { name: 'Next page →' }).click();
  const second = (await (await nextAnswer).json()) as Envelope;
  expect(second.data).not.toEqual(followers.data);
  await expect(page.getByLabel(/^cursor/)).toHaveValue(followers.meta.next_cursor!);
  await expect(page).toHaveURL(/cursor=/);
  expect((await runCurlSnippet(page, key)).data).toEqual(second.data);
  await screenshotPage(page, 'playground');

  // 2. A POST with a JSON body, picked from the searchable list; inline validation stops a bad count.
  await page.getByLabel('Find an operation').fill('full-text');
  await page.getByRole('navigation', { name: 'Operations' }).getByRole('button', { name: 'searchTweets' }).click();
  await expect(page).toHaveURL(/op=searchTweets/);
  await page.getByLabel(/^query/).fill(`from:${username}`);
  await page.getByLabel(/^count/).fill('0');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('count must be from 1 to 1000')).toBeVisible();
  await expect(page.getByLabel(/^count/)).toBeFocused();
  await page.getByLabel(/^count/).fill('3');
  await page.getByLabel(/^sort/).selectOption('popular');
  await expect(page.getByTestId('cost-estimate')).toHaveText('up to 45 credits');
  const search = await send(page);
  expect(search.meta.credits_charged).toBe(45);
  await expectShown(page, search);
  expect((await runCurlSnippet(page, key)).data).toEqual(search.data);
  await page.getByRole('tab', { name: 'TypeScript' }).click();
  await expect(page.getByLabel('TypeScript snippet')).toContainText(`await perch.searchTweets({ query: "from:${username}", count: 3, sort: "popular" });`);
  await page.getByRole('tab', { name: 'Python' }).click();
  await expect(page.getByLabel('Python snippet')).toContainText('perch.search_tweets(');
  await screenshotPage(page, 'playground-search');

  // The address reproduces the call after a reload.
  await page.reload();
  await expect(page.getByLabel(/^query/)).toHaveValue(`from:${username}`);
  await expect(page.getByLabel(/^sort/)).toHaveValue('popular');

  // 3. A per-call operation with an optional enum-like field.
  await page.goto('/dashboard/playground?op=getTrending&country=Japan&count=5');
  await expect(page.getByTestId('cost-estimate')).toHaveText('up to 100 credits');
  const trends = await send(page);
  expect(trends.meta.credits_charged).toBe(100);
  await expectShown(page, trends);
  expect((await runCurlSnippet(page, key)).data).toEqual(trends.data);
});

test('the playground sends with a pasted key and shows a 400’s details on the field', async ({ page }) => {
  await signUp(page, uniqueEmail('playground-key'));
  const key = await createKey(page, 'pasted');
  await page.goto('/dashboard/playground?op=getAccount');
  await page.getByLabel('An API key (its scopes, limits and rate limit apply)').check();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Paste an API key, or send as your signed-in account')).toBeVisible();
  await page.getByLabel('API key', { exact: true }).fill(key);
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/v2/account');
  await page.getByRole('button', { name: 'Send request' }).click();
  const account = (await (await answer).json()) as { data: { key: { name: string } }; meta: { credits_charged: number } };
  expect(account.data.key.name).toBe('pasted');
  await expect(page.getByTestId('response-credits')).toHaveText('0');
  await expect(page).not.toHaveURL(/perch_/);

  // A value the form leaves to the server (the trend country: the document lists the places, the form only suggests them) comes back as a 400 and lands on its field.
  await page.goto('/dashboard/playground?op=getTrending&country=Atlantis');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByTestId('response-status')).toHaveText('400');
  await expect(page.getByText(/^country must be Worldwide/)).toBeVisible();
  await expect(page.getByTestId('response-credits')).toHaveText('0');
  await screenshotPage(page, 'playground-error');
});
