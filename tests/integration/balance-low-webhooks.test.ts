import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBalanceThreshold } from '@/lib/alerts/balance-alert';
import { checkLowBalances } from '@/lib/alerts/balance-low-events';
import { grantCredits } from '@/lib/credits';
import { getPool } from '@/lib/db/pool';
import { flushMetering } from '@/lib/metering/meter';
import { startRealtime, type Realtime } from '@/lib/delivery/start-realtime';
import { waitFor } from '../support/account-fixtures';
import { createApiAccount, type ApiAccount } from '../support/api-client';
import { startWebhookReceiver } from '../support/webhook-receiver';

// account.balance_low end to end: real /v2 calls spend the balance, two realtime instances
// watch it, a real receiver verifies every signature. One event per fall below the
// threshold, none while it stays below, another after a grant re-arms it.

process.env.PERCH_BALANCE_CHECK_MS = '200';

const TRENDING_PRICE = 100;
let instances: Realtime[] = [];
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

async function spend(account: ApiAccount, calls: number): Promise<void> {
  for (let i = 0; i < calls; i++) expect((await account.call('GET', '/v2/trending')).status).toBe(200);
  // Usage is written behind: flush it so the balance the watchers see includes these calls.
  await flushMetering();
}

async function notified(userId: string): Promise<boolean | undefined> {
  const { rows } = await getPool().query<{ notified: boolean }>('SELECT notified FROM balance_alerts WHERE user_id = $1', [userId]);
  return rows[0]?.notified;
}

async function balanceLowDeliveries(endpointId: string) {
  const { rows } = await getPool().query<{ status: string; data: unknown }>(
    `SELECT status, data FROM realtime_deliveries WHERE endpoint_id = $1::bigint AND event = 'account.balance_low' ORDER BY created_at`,
    [endpointId],
  );
  return rows;
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  instances = [await startRealtime(), await startRealtime()];
});

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  await receiver?.down();
});

describe('account.balance_low', () => {
  let account: ApiAccount;
  let endpointId: string;
  const events = () => receiver.received.filter((r) => r.body.event === 'account.balance_low');

  beforeAll(async () => {
    account = await createApiAccount({ label: 'lowbal', credits: 1_250 });
    expect((await setBalanceThreshold(account.userId, 1_000)).ok).toBe(true);
    const endpoint = await account.call('POST', '/v2/webhooks', { body: { url: receiver.url } });
    expect(endpoint.status).toBe(200);
    endpointId = endpoint.body.data.id;
    receiver.setSecrets([endpoint.body.data.secret]);
  });

  it('is sent once, signed and free, when the balance falls below the threshold', async () => {
    await spend(account, 2); // 1 050: still above
    await checkLowBalances();
    expect(await balanceLowDeliveries(endpointId)).toEqual([]);

    await spend(account, 1); // 950: below 1 000
    await waitFor(() => events().length === 1, 15_000);
    const [event] = events();
    expect(event.body).toMatchObject({ id: event.deliveryId, event: 'account.balance_low', match: null, tweet: null, data: { balance: 950, threshold: 1_000 } });
    expect(receiver.rejected).toEqual([]);
    expect(await notified(account.userId)).toBe(true);
    await waitFor(async () => (await balanceLowDeliveries(endpointId)).every((row) => row.status === 'delivered'), 10_000);
    // The event cost nothing: the balance is the grant less the three calls.
    expect(await account.balance()).toBe(1_250 - 3 * TRENDING_PRICE);
  });

  it('is not sent again while the balance stays below', async () => {
    await spend(account, 2); // 750
    await checkLowBalances();
    // Let both instances' watchers pass over the account several times.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await balanceLowDeliveries(endpointId)).toHaveLength(1);
    expect(events()).toHaveLength(1);
  });

  it('re-arms after a grant back above the threshold and is sent for the next fall', async () => {
    await grantCredits(account.userId, 1_000, 'top-up'); // 1 750
    await waitFor(async () => (await notified(account.userId)) === false, 15_000);
    expect(events()).toHaveLength(1);

    await spend(account, 8); // 950
    await waitFor(() => events().length === 2, 15_000);
    expect(events()[1].body).toMatchObject({ event: 'account.balance_low', data: { balance: 950, threshold: 1_000 } });
    expect(new Set(events().map((e) => e.deliveryId)).size).toBe(2);
    expect(receiver.rejected).toEqual([]);
    expect(await balanceLowDeliveries(endpointId)).toHaveLength(2);
  });

  it('is claimed by one checker only when several run at once', async () => {
    const other = await createApiAccount({ label: 'lowbal2', credits: 10 });
    // Stop the watchers' own passes from taking this one first: the test's checkers race each other.
    await Promise.all(instances.map((instance) => instance.stop()));
    instances = [];
    const endpoint = await other.call('POST', '/v2/webhooks', { body: { url: receiver.url } });
    receiver.addSecret(endpoint.body.data.secret);
    const results = await Promise.all(Array.from({ length: 4 }, () => checkLowBalances()));
    // No row yet: the default threshold applies, and the row is created already notified.
    expect(results.filter((result) => result.notified.includes(other.userId))).toHaveLength(1);
    const rows = await balanceLowDeliveries(endpoint.body.data.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].data).toEqual({ balance: 10, threshold: 1_000 });
    expect(await notified(other.userId)).toBe(true);
  });
});
