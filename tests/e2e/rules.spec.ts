import type { Locator } from '@playwright/test';
import { startWebhookReceiver } from '../support/webhook-receiver';
import { createKey, expect, signUp, test, uniqueEmail } from './support/fixtures';
import { connectPlatformAccount, dashboardV2 } from './support/platform-account';
import { screenshotPage } from './support/screenshots';

// The Monitors page (the Rules page before, at the same URL) end to end for tweet monitors: a rule
// made on the page (its query checked as it is typed), a webhook endpoint on a real local receiver
// that verifies every signature with the client's verifyWebhookSignature, a test event, a tweet posted through /v2 that matches, the match
// appearing live with its delivery, a replay, then pause, edit and delete.

test('create a rule and an endpoint on the Monitors page, see a posted tweet match live, be delivered and replayed', async ({ page }) => {
  const receiver = await startWebhookReceiver();
  try {
    await signUp(page, uniqueEmail('rules'));
    await createKey(page, 'rules key');
    const username = await connectPlatformAccount(page, 'rul');
    const word = `perchrule${Date.now().toString(36)}`;

    await page.goto('/dashboard/rules');
    await expect(page.getByRole('heading', { level: 1, name: 'Monitors' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Monitors' })).toHaveAttribute('href', /\/dashboard\/rules$/);
    await expect(page.getByText('No tweet monitors yet: create one above.')).toBeVisible();

    // The query is checked as it is typed, with the API's own message.
    const form = page.getByRole('form', { name: 'Create a monitor' });
    await form.getByLabel('Tag').fill('e2e live');
    await expect(form.getByLabel('Key')).toHaveValue(/.+/);
    await expect(form.getByRole('option', { name: 'rules key' })).toHaveCount(1);
    const query = form.getByRole('textbox', { name: 'Search query' });
    await query.fill(`${word} lang:english`);
    await expect(form.getByText('lang: needs a language code such as en or pt, got "english"')).toBeVisible();
    await expect(query).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('button', { name: 'Create monitor' })).toBeDisabled();
    // An unclosed phrase is explained, not called valid (issue 27).
    await query.fill(`"${word}`);
    await expect(form.getByText(`the phrase "${word} has no closing quote`)).toBeVisible();
    await expect(form.getByRole('button', { name: 'Create monitor' })).toBeDisabled();
    await query.fill(word);
    await expect(form.getByText('Valid query.')).toBeVisible();
    await form.getByRole('button', { name: 'Create monitor' }).click();
    const rules = page.getByRole('region', { name: 'Tweet monitors table' });
    // The only cell of a rule's row that is a bare number.
    const matchCount = (row: Locator) => row.getByRole('cell', { name: /^[\d,]+$/ });
    const row = rules.getByRole('row').filter({ hasText: 'e2e live' });
    await expect(row.getByRole('cell', { name: word, exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'rules key' })).toBeVisible();
    // The platform the rule watches: the one that served its creation.
    await expect(row.getByRole('cell', { name: 'local', exact: true })).toBeVisible();
    await expect(matchCount(row)).toHaveText('0');
    await expect(form.getByRole('textbox', { name: 'Search query' })).toHaveValue('');

    // A rule is its key's: naming a key that is not the account's is refused.
    const foreign = await dashboardV2(page, 'GET', 'rules', undefined, { 'x-perch-key-id': 'not-a-key-of-mine' });
    expect(foreign.status).toBe(404);

    // An endpoint on the local receiver: its secret is shown once.
    const endpoints = page.getByRole('region', { name: 'Webhook endpoints' });
    await endpoints.getByLabel('Endpoint URL').fill(receiver.url);
    await endpoints.getByLabel('Description (optional)').fill('e2e receiver');
    await endpoints.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = (await page.getByLabel('Webhook signing secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    receiver.setSecrets([secret]);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByLabel('Webhook signing secret')).toHaveCount(0);

    const item = endpoints.getByRole('listitem', { name: receiver.url });
    await item.getByRole('button', { name: 'Send test event' }).click();
    await expect(item.getByRole('status')).toHaveText(/^Test event delivered: HTTP 204 in \d+ ms\.$/);
    expect(receiver.received.map((r) => r.body.event)).toEqual(['test']);
    expect(receiver.rejected).toEqual([]);

    // A tweet posted through /v2 (as the connected account) matches: live on the page, counted, delivered.
    const posted = await dashboardV2(page, 'POST', 'tweets/create', { text: `hello rules ${word}` });
    expect(posted.status).toBe(200);
    const tweetId: string = posted.body.data.id;
    const live = page.getByRole('log', { name: 'Live matches' });
    await expect(live.getByRole('listitem').filter({ hasText: `@${username} hello rules ${word}` })).toBeVisible();
    await expect(live).toContainText(`e2e live · tweet ${tweetId}`);
    // The match links to its tweet in the explorer and, once delivered, to the request that charged it.
    await expect(live.getByRole('link', { name: `Open tweet ${tweetId} in the explorer` })).toHaveAttribute('href', `/dashboard/explore/tweets/${tweetId}`);
    await expect(live.getByRole('link', { name: 'delivery request' })).toHaveAttribute('href', /\/dashboard\/requests\?request_id=dlv_/);
    await expect(matchCount(row)).toHaveText('1');
    const deliveries = page.getByRole('region', { name: 'Deliveries table' });
    const matchRow = deliveries.getByRole('row').filter({ hasText: tweetId });
    await expect(matchRow.getByRole('cell', { name: 'delivered', exact: true })).toBeVisible();
    await expect(matchRow.getByRole('cell', { name: '204', exact: true })).toBeVisible();
    await expect.poll(() => receiver.received.filter((r) => r.body.event === 'rule.match').map((r) => r.body.tweet?.id)).toEqual([tweetId]);
    await screenshotPage(page, 'rules-live');

    // Replay: the same delivery id reaches the receiver again.
    const matchDelivery = receiver.received.find((r) => r.body.event === 'rule.match')!.deliveryId;
    const createdBefore = (await matchRow.getByRole('cell').first().textContent())!;
    await matchRow.getByRole('button', { name: `Replay delivery ${matchDelivery}` }).click();
    await expect(page.getByRole('status').filter({ hasText: `Delivery ${matchDelivery.slice(0, 8)} queued again` })).toBeVisible();
    await expect.poll(() => receiver.received.filter((r) => r.deliveryId === matchDelivery).length).toBe(2);
    expect(receiver.rejected).toEqual([]);
    // The replay keeps the delivery's creation time and says when it was replayed (issue 27).
    await expect(matchRow).toContainText('replayed');
    expect(await matchRow.getByRole('cell').first().textContent()).toBe(createdBefore);

    // The status filter.
    const filter = page.getByRole('group', { name: 'Delivery status' });
    await filter.getByRole('button', { name: 'failed' }).click();
    await expect(page.getByText('No deliveries with status failed.')).toBeVisible();
    await filter.getByRole('button', { name: 'delivered' }).click();
    await expect(deliveries.getByRole('row').filter({ hasText: tweetId })).toBeVisible();

    // A receiver that does not know the endpoint's secret answers 401: a failure with its code, retried.
    await filter.getByRole('button', { name: 'all' }).click();
    const strangerUrl = `${receiver.url}?unknown-secret`;
    await endpoints.getByLabel('Endpoint URL').fill(strangerUrl);
    await endpoints.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    const stranger = endpoints.getByRole('listitem', { name: strangerUrl });
    await stranger.getByRole('button', { name: 'Send test event' }).click();
    await expect(stranger.getByRole('status')).toHaveText(/^Test event failed: HTTP 401 in \d+ ms\. It will be tried again\.$/);
    const failedRow = deliveries.getByRole('row').filter({ hasText: strangerUrl });
    await expect(failedRow.getByRole('cell', { name: '401', exact: true })).toBeVisible();
    await expect(failedRow.getByRole('cell', { name: /^pending\s*next try / })).toBeVisible();
    await stranger.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this endpoint?' }).getByRole('button', { name: 'Delete endpoint' }).click();
    await expect(stranger).toHaveCount(0);
    await expect(failedRow).toHaveCount(0);

    // Pause and resume, edit, delete (asked first).
    await row.getByRole('button', { name: 'Pause e2e live' }).click();
    await expect(row.getByRole('cell', { name: 'paused (paused by user)' })).toBeVisible();
    await row.getByRole('button', { name: 'Resume e2e live' }).click();
    await expect(row.getByRole('cell', { name: 'active', exact: true })).toBeVisible();

    await row.getByRole('button', { name: 'Edit e2e live' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit monitor e2e live' });
    await edit.getByLabel('Tag').fill('e2e edited');
    await edit.getByRole('textbox', { name: 'Search query' }).fill(`${word} OR #perch`);
    await expect(edit.getByText('Valid query.')).toBeVisible();
    await edit.getByRole('button', { name: 'Save monitor' }).click();
    await expect(edit).toBeHidden();
    const edited = rules.getByRole('row').filter({ hasText: 'e2e edited' });
    await expect(edited.getByRole('cell', { name: `${word} OR #perch` })).toBeVisible();
    await expect(matchCount(edited)).toHaveText('1');

    await edited.getByRole('button', { name: 'Delete e2e edited' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete monitor e2e edited?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(edited).toBeVisible();
    await edited.getByRole('button', { name: 'Delete e2e edited' }).click();
    await confirm.getByRole('button', { name: 'Delete monitor' }).click();
    await expect(page.getByText('No tweet monitors yet: create one above.')).toBeVisible();
  } finally {
    await receiver.down();
  }
});
