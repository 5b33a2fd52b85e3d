import { callV2, createKey, expect, signUp, test, uniqueEmail } from './support/fixtures';

test("another account can neither see nor change the first account's keys", async ({ browser, baseURL }) => {
  const alice = await browser.newContext({ baseURL });
  const alicePage = await alice.newPage();
  await signUp(alicePage, uniqueEmail('alice'));
  const aliceKey = await createKey(alicePage, 'alice private key');
  const listed = (await (await alicePage.request.get('/api/dashboard/keys')).json()) as { keys: Array<{ id: string; name: string }> };
  const aliceKeyId = listed.keys.find((k) => k.name === 'alice private key')!.id;

  const mallory = await browser.newContext({ baseURL });
  const malloryPage = await mallory.newPage();
  await signUp(malloryPage, uniqueEmail('mallory'));
  await malloryPage.goto('/dashboard/keys');
  await expect(malloryPage.getByText('No keys yet')).toBeVisible();
  await expect(malloryPage.getByText('alice private key')).toHaveCount(0);
  const malloryList = (await (await malloryPage.request.get('/api/dashboard/keys')).json()) as { keys: unknown[] };
  expect(malloryList.keys).toEqual([]);

  // Alice's key id is, for anyone else, a key that does not exist.
  const revoke = await malloryPage.request.delete(`/api/dashboard/keys/${aliceKeyId}`);
  expect(revoke.status()).toBe(404);
  const rename = await malloryPage.request.patch(`/api/dashboard/keys/${aliceKeyId}`, { data: { name: 'taken over' } });
  expect(rename.status()).toBe(404);
  // Nor does the raw key revoke anything through this route.
  expect((await malloryPage.request.delete(`/api/dashboard/keys/${aliceKey}`)).status()).toBe(404);

  expect((await callV2(baseURL!, aliceKey, '/v2/account')).status).toBe(200);
  await alicePage.goto('/dashboard/keys');
  await expect(alicePage.getByRole('row', { name: /alice private key/ })).toContainText('active');

  // Signed out: 401. Another site posting with Alice's cookies: 403, and nothing changes.
  const anonymous = await browser.newContext({ baseURL });
  expect((await anonymous.request.get('/api/dashboard/keys')).status()).toBe(401);
  expect((await anonymous.request.delete(`/api/dashboard/keys/${aliceKeyId}`)).status()).toBe(401);
  const forged = await alicePage.request.delete(`/api/dashboard/keys/${aliceKeyId}`, { headers: { origin: 'https://evil.example' } });
  expect(forged.status()).toBe(403);
  expect((await callV2(baseURL!, aliceKey, '/v2/account')).status).toBe(200);

  // /admin does not exist for someone who is not an admin.
  const admin = await malloryPage.goto('/admin');
  expect(admin?.status()).toBe(404);
  expect((await malloryPage.request.post('/api/dashboard/admin/grants', { data: { email: 'x@y.z', amount: 5, reason: 'r' } })).status()).toBe(404);

  await Promise.all([alice.close(), mallory.close(), anonymous.close()]);
});
