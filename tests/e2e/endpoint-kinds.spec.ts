import { startMessageReceiver } from '../support/message-receiver';
import { createKey, expect, mailSubjects, signUp, test, uniqueEmail } from './support/fixtures';

// Endpoint kinds on the Rules page (issue 32): a Slack endpoint on a loopback stand-in for
// hooks.slack.com (the e2e server allows private addresses) gets its test message by the test
// button, with no signing secret shown; an email endpoint's test button queues a mail in the
// outbox. Each listed with its kind and event filter.

test('add a Slack and an email endpoint with event filters, and press their test buttons', async ({ page }) => {
  const slack = await startMessageReceiver();
  try {
    await signUp(page, uniqueEmail('kinds'));
    await createKey(page, 'kinds key');
    await page.goto('/dashboard/rules');
    const endpoints = page.getByRole('region', { name: 'Webhook endpoints' });

    // Slack: only rule matches and low-balance alerts.
    await endpoints.getByLabel('Endpoint type').selectOption('slack');
    await endpoints.getByLabel('Slack webhook URL').fill(slack.url);
    const boxes = endpoints.getByRole('group', { name: 'Events to send' });
    for (const label of ['New followers', 'Unfollows', 'Profile changes', 'Profile unavailable', 'Profile back', 'Budget alerts', 'Export completed', 'Export failed']) {
      await boxes.getByLabel(label).uncheck();
    }
    await endpoints.getByRole('button', { name: 'Add endpoint' }).click();
    const slackItem = endpoints.getByRole('listitem', { name: slack.url });
    await expect(slackItem).toContainText('Slack · rule.match, account.balance_low');
    await expect(page.getByLabel('Webhook signing secret')).toHaveCount(0);
    await expect(slackItem.getByRole('button', { name: 'Rotate secret' })).toHaveCount(0);

    await slackItem.getByRole('button', { name: 'Send test event' }).click();
    await expect(slackItem.getByRole('status')).toHaveText(/^Test event delivered: HTTP 200 in \d+ ms\.$/);
    expect(slack.accepted().map((message) => message.body.text)).toEqual(['Test event from Perch: this endpoint receives your events.']);

    // Email: a digest every 30 minutes, every event; its test mail goes out at once.
    const address = uniqueEmail('kinds-digest');
    await endpoints.getByLabel('Endpoint type').selectOption('email');
    await endpoints.getByLabel('Email address').fill(address);
    await endpoints.getByLabel('Digest every (minutes)').fill('30');
    await endpoints.getByRole('button', { name: 'Add endpoint' }).click();
    const mailItem = endpoints.getByRole('listitem', { name: `mailto:${address}` });
    await expect(mailItem).toContainText('Email digest every 30 min · all events');
    await mailItem.getByRole('button', { name: 'Send test event' }).click();
    await expect(mailItem.getByRole('status')).toHaveText(/^Test event delivered: mail queued in \d+ ms\.$/);
    await expect.poll(() => mailSubjects(address)).toEqual(['Perch: test event']);
  } finally {
    await slack.close();
  }
});
