import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@/lib/admin/create-account';
import { issueKey } from '@/lib/keys/issue-key';
import { readAnswer, type ApiAnswer } from '../support/api-client';
import { startServer, type RunningServer } from '../support/api-server';
import { userWithMost } from '../support/api-subjects';
import { browser, fetchPage, signInOverHttp, type Browser } from '../support/dashboard-http';

// Issue 27, point 1, on the production binding: server.ts meters /v2 in its own process and
// writes usage behind, while the dashboard's pages run in its child process (dashboard-server.ts)
// and read the database. Every reader, right after a paid call to the same server, shows it:
// GET /v2/account, the dashboard's Overview, Billing and Usage pages, its balance route and the
// playground's GET /v2/account. The server writes usage behind every 5 s here instead of every
// 0.1 s, so that no figure can come from the timer's flush: a page render takes longer than
// 0.1 s, which hid the missing read-your-writes path from this test at the default. (Another
// instance within 1 s at the default: metering-read-own-writes.test.ts.)

let server: RunningServer;
let key: string;
let dashboard: Browser;
let username: string;

beforeAll(async () => {
  server = await startServer(process.env.DATABASE_URL!, { PERCH_USAGE_FLUSH_MS: '5000' });
  const email = `read-own-${crypto.randomBytes(4).toString('hex')}@example.test`;
  const { id: userId } = await createAccount({ email, password: 'correct horse battery', credits: 100_000 });
  ({ key } = await issueKey({ userId, name: 'read own writes', scopes: ['read'], rateLimit: 100_000 }));
  dashboard = browser(server.url);
  expect((await signInOverHttp(dashboard, email, 'correct horse battery')).ok).toBe(true);
  username = await userWithMost.tweets();
}, 10 * 60_000);

afterAll(async () => {
  await server?.stop();
});

async function v2(path: string): Promise<ApiAnswer> {
  return readAnswer(await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${key}` } }));
}

async function accountBalance(): Promise<number> {
  const answer = await v2('/v2/account');
  expect(answer.status).toBe(200);
  return answer.body.data.balance;
}

/** A paid call on the server; answers what it charged. */
async function paidCall(path = `/v2/users/${username}`): Promise<number> {
  const answer = await v2(path);
  expect(answer.status, answer.text.slice(0, 300)).toBe(200);
  expect(answer.body.meta.credits_charged).toBeGreaterThan(0);
  return answer.body.meta.credits_charged;
}

async function page(path: string): Promise<string> {
  const response = await fetchPage(dashboard, path);
  expect(response.status, path).toBe(200);
  // React separates adjacent text with comments: gone, so figures read as on screen.
  return (await response.text()).replaceAll('<!-- -->', '');
}

/** The value of a <Stat> on a dashboard page, as a number. */
function stat(html: string, label: string): number {
  const match = new RegExp(`>${label}</dt><dd[^>]*>([0-9,]+)</dd>`).exec(html);
  if (!match) throw new Error(`no "${label}" figure on the page`);
  return Number(match[1].replaceAll(',', ''));
}

describe('balances and usage right after a paid call to the same server', () => {
  it('GET /v2/account, Overview, Billing, the balance route and the playground show the charge at once', { timeout: 120_000 }, async () => {
    let expected = await accountBalance();
    const readers: Array<[string, () => Promise<number>]> = [
      ['GET /v2/account', accountBalance],
      ['Overview', async () => stat(await page('/dashboard'), 'Balance')],
      ['Billing', async () => stat(await page('/dashboard/billing'), 'Balance')],
      ['the balance route', async () => ((await dashboard.json('/api/dashboard/balance')).body as { balance: number }).balance],
      [
        'the playground’s GET /v2/account',
        async () => {
          const answer = await readAnswer(await dashboard.fetch('/api/dashboard/v2/account', { headers: { 'x-perch-dashboard': '1' } }));
          expect(answer.status).toBe(200);
          return answer.body.data.balance;
        },
      ],
    ];
    const seen: Record<string, { shown: number; expected: number }> = {};
    for (const [name, read] of readers) {
      expected -= await paidCall();
      seen[name] = { shown: await read(), expected };
    }
    expect(Object.entries(seen).filter(([, { shown, expected: want }]) => shown !== want)).toEqual([]);
  });

  it('Usage lists a getTrending answered a moment before (and Overview counts it in today’s credits)', { timeout: 120_000 }, async () => {
    const overviewBefore = stat(await page('/dashboard'), 'Used today');
    expect((await page('/dashboard/usage?range=7')).includes('getTrending'), 'getTrending listed before any call').toBe(false);
    const charged = await paidCall('/v2/trending?country=Worldwide&count=5');
    const usage = await page('/dashboard/usage?range=7');
    expect({ empty: usage.includes('No credits used'), listed: usage.includes('getTrending') }).toEqual({ empty: false, listed: true });
    const charged2 = await paidCall('/v2/trending?country=JP&count=5');
    expect(stat(await page('/dashboard'), 'Used today')).toBe(overviewBefore + charged + charged2);
  });
});
