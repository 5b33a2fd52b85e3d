import fs from 'node:fs';
import { callV2, createKey, expect, sampleUsername, signUp, test, uniqueEmail } from './support/fixtures';
import { screenshotPage } from './support/screenshots';

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

test('the log names each call’s page, selects calls without a key by source and time range, and exports them as CSV', async ({ page, baseURL }) => {
  await signUp(page, uniqueEmail('reqsrc'));
  const key = await createKey(page, 'csv key');
  const username = sampleUsername();
  expect((await callV2(baseURL!, key, `/v2/users/${username}`)).status).toBe(200);
  // A profile in the explorer: a call without a key, from the explorer.
  await page.goto(`/dashboard/explore/users/${username}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto('/dashboard/requests');
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('row', { name: /Dashboard · Explorer/ })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole('row', { name: /csv key/ })).toBeVisible();

  await page.getByLabel('Key').selectOption({ label: 'No key (calls from the dashboard)' });
  await page.getByLabel('Source').selectOption({ label: 'Explorer' });
  await page.getByLabel('Time range').selectOption({ label: 'Last 15 minutes' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/key=none.*source=explorer.*within=15m/);
  const explorerRow = page.getByRole('row', { name: /Dashboard · Explorer/ });
  await expect(explorerRow).toHaveCount(1);
  await expect(page.getByRole('row', { name: /csv key/ })).toHaveCount(0);
  await screenshotPage(page, 'requests-filtered-by-source');
  const requestId = (await explorerRow.getAttribute('data-request-id'))!;

  // The export has what the filters select.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^perch-requests-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = fs.readFileSync((await download.path())!, 'utf8').trim().split('\r\n');
  expect(lines[0]).toBe('time,request_id,key_id,caller,source,operation,status,items,credits,latency_ms,error_code,error_message');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`,${requestId},,Dashboard · Explorer,explorer,getUser,200,1,18,`);

  // Overview's recent requests open the request in the log.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: `Request ${requestId} in the request log` }).click();
  await expect(page.getByRole('region', { name: 'Request detail' })).toContainText('Explorer');
});
