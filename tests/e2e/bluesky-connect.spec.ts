import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@/lib/server/free-port';
import { startAtprotoNetwork, type AtprotoNetwork } from '../support/atproto-network';
import { createAppPassword } from '../support/bluesky-world';
import { expect, PASSWORD, signUp, test, uniqueEmail } from './support/fixtures';
import { startServer, type RunningServer } from './support/start-server';

// The Bluesky card in Chromium: a second production server serving Bluesky from a local AT
// Protocol network (@atproto/dev-env), on the run's database, with PERCH_PUBLIC_URL on its own
// 127.0.0.1 port (atproto's loopback OAuth client). Connect with an app password, disconnect
// through the dialog, then Sign in with Bluesky on the PDS's own authorization pages.

const root = path.resolve(import.meta.dirname, '../..');
let atproto: AtprotoNetwork;
let server: RunningServer;
let dataDir: string;
const dan = { handle: 'dan.test', password: 'dan-own-password', appPassword: '' };

/** An address on this spec's own server (the run's shared server is the fixtures' baseURL). */
const at = (pathname: string) => `${server.baseUrl}${pathname}`;

test.beforeAll(async () => {
  test.setTimeout(16 * 60_000);
  atproto = await startAtprotoNetwork();
  await atproto.network.getSeedClient().createAccount('dan', { email: 'dan@perch.test', handle: dan.handle, password: dan.password });
  await atproto.network.processAll();
  dan.appPassword = await createAppPassword(atproto, dan.handle, dan.password);
  const port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-e2e-bluesky-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: process.env.PERCH_E2E_DATABASE_URL,
    PORT: String(port),
    HOST: '127.0.0.1',
    PERCH_DATA_DIR: dataDir,
    PERCH_LIVE: '0',
    PERCH_SEED_SCALE: 'test',
    PERCH_SIGNUP_LIMIT_PER_HOUR: '0',
    NEXT_TELEMETRY_DISABLED: '1',
    PERCH_PLATFORM: 'bluesky',
    PERCH_PLATFORMS: 'local',
    PERCH_BLUESKY_APPVIEW_URL: atproto.appViewUrl,
    PERCH_BLUESKY_SERVICE_URL: atproto.pdsUrl,
    PERCH_BLUESKY_PLC_URL: atproto.network.plc.url,
    PERCH_PUBLIC_URL: `http://127.0.0.1:${port}`,
    PERCH_UPSTREAM_CACHE_SECONDS: '0',
  };
  delete env.NEXTAUTH_URL;
  server = await startServer({ root, env, logFile: path.join(root, 'test-results', 'e2e-bluesky-server.log') });
});

test.afterAll(async () => {
  await server?.stop();
  await atproto?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('connect Bluesky with an app password, disconnect, then Sign in with Bluesky on the PDS', async ({ page }) => {
  await signUp(page, uniqueEmail('bluesky'), PASSWORD, server.baseUrl);
  await page.goto(at('/dashboard/connections'));
  const card = page.getByRole('region', { name: 'Bluesky account' });
  await expect(card.getByText('No Bluesky account is connected.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Embedded platform account' })).toBeVisible();

  // A wrong app password is refused beside its field, and nothing is connected.
  const appPasswordForm = card.getByRole('form', { name: 'Connect Bluesky account' });
  await appPasswordForm.getByLabel('Handle or DID').fill(dan.handle);
  await appPasswordForm.getByLabel('App password').fill('aaaa-bbbb-cccc-dddd');
  await appPasswordForm.getByRole('button', { name: 'Connect Bluesky account' }).click();
  await expect(appPasswordForm.getByText(/Bluesky refused the app password for dan\.test/)).toBeVisible();

  await appPasswordForm.getByLabel('App password').fill(dan.appPassword);
  await appPasswordForm.getByRole('button', { name: 'Connect Bluesky account' }).click();
  await expect(card.getByLabel(`Connected Bluesky account @${dan.handle}`)).toHaveText(`@${dan.handle}`);
  await expect(card.getByText('Connected with an app password')).toBeVisible();

  await card.getByRole('button', { name: 'Disconnect' }).click();
  const confirm = page.getByRole('dialog', { name: `Disconnect @${dan.handle}?` });
  await confirm.getByRole('button', { name: 'Disconnect' }).click();
  await expect(card.getByText('No Bluesky account is connected.')).toBeVisible();

  // Sign in with Bluesky: the PDS's own pages, then back to the card.
  const oauthForm = card.getByRole('form', { name: 'Sign in with Bluesky' });
  await oauthForm.getByLabel('Handle').fill(dan.handle);
  await oauthForm.getByRole('button', { name: 'Sign in with Bluesky' }).click();
  await expect(page).toHaveURL(new RegExp(`^${atproto.pdsUrl.replace(/[.:/]/g, '\\$&')}/oauth/authorize\\?`));
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByPlaceholder('Password').fill(dan.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Authorize', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/connections\?bluesky=connected$/);
  await expect(card.getByText(`Connected @${dan.handle} on Bluesky.`)).toBeVisible();
  await expect(card.getByText('Connected with Bluesky sign-in')).toBeVisible();
});
