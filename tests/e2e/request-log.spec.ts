import { callV2, createKey, expect, sampleUsername, signUp, test, uniqueEmail } from './support/fixtures';

test('a failing /v2 call is found in the request log by its request id, with its status, error and parameters', async ({ page, baseURL }) => {
  await signUp(page, uniqueEmail('reqlog'));
  const key = await createKey(page, 'log key');
  const username = sampleUsername();

  // A refused call, made as an API client makes it; its request id is what a user pastes.
  const refused = await callV2(baseURL!, key, `/v2/users/${username}/tweets?max_credits=lots`);
  expect(refused.status).toBe(400);
  const answer = refused.body as { meta: { request_id: string }; error: { code: string; message: string } };
  const requestId = answer.meta.request_id;
  const message = answer.error.message;
  expect(requestId).toMatch(/^req_/);
  const fine = await callV2(baseURL!, key, `/v2/users/${username}`);
  expect(fine.status).toBe(200);

  // The nav leads to the log, which lists both calls (usage is written behind: reload until it is there).
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Requests', exact: true }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/requests$/);
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('row', { name: new RegExp(requestId) })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const row = page.getByRole('row', { name: new RegExp(requestId) });
  await expect(row).toContainText('getUserTweets');
  await expect(row).toContainText('400');
  await expect(row).toContainText('log key');

  // Filtering by status class keeps the refusal and drops the success.
  await page.getByLabel('Status').selectOption('4xx');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/status=4xx/);
  await expect(page.getByRole('row', { name: new RegExp(requestId) })).toBeVisible();
  await expect(page.getByRole('row', { name: /getUser\b/ })).toHaveCount(0);

  // Search by the pasted request id opens the detail: status, error code and message, parameters.
  await page.goto('/dashboard/requests');
  await page.getByLabel('Request id').fill(`  ${requestId} `);
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  const detail = page.getByRole('region', { name: 'Request detail' });
  await expect(detail).toBeVisible();
  await expect(detail).toContainText('400');
  const error = detail.getByRole('note', { name: 'Error' });
  await expect(error).toContainText('invalid_request');
  await expect(error).toContainText(message);
  await expect(detail.locator('pre')).toContainText('"max_credits": "lots"');
  await expect(detail.locator('pre')).toContainText(`"username": "${username}"`);
  expect(await page.content(), 'the key is never shown in the log').not.toContain(key);

  // An id of no call of this account says so.
  await page.goto('/dashboard/requests?request_id=req_not_a_call');
  await expect(page.getByText('No call of this account has the request id req_not_a_call')).toBeVisible();
});
