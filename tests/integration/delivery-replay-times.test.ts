import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRealtime } from '@/lib/dashboard/get-realtime';
import { getPool } from '@/lib/db/pool';
import { startRealtime, type Realtime } from '@/lib/delivery/start-realtime';
import { waitFor } from '../support/account-fixtures';
import { createApiAccount, type ApiAccount } from '../support/api-client';
import { startWebhookReceiver } from '../support/webhook-receiver';

// Issue 27, item 7: a replayed delivery lost its creation time (replay overwrote created_at).
// It keeps it; the Rules page shows created, last attempt and the replay.

let realtime: Realtime;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let owner: ApiAccount;
let endpointId: string;

type Times = { created_at: Date; replayed_at: Date | null; last_attempt_at: Date | null; status: string; attempts: number };
async function times(id: string): Promise<Times> {
  const { rows } = await getPool().query<Times>('SELECT created_at, replayed_at, last_attempt_at, status, attempts FROM realtime_deliveries WHERE id = $1::uuid', [id]);
  return rows[0];
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  realtime = await startRealtime();
  owner = await createApiAccount({ label: 'replay-times', credits: 10_000 });
  const endpoint = await owner.call('POST', '/v2/webhooks', { body: { url: receiver.url } });
  expect(endpoint.status).toBe(200);
  endpointId = endpoint.body.data.id;
  receiver.setSecrets([endpoint.body.data.secret]);
});

afterAll(async () => {
  await realtime?.stop();
  await receiver?.down();
});

describe('a replayed delivery', () => {
  it('keeps its creation time and shows its last attempt and its replay', async () => {
    const test = await owner.call('POST', `/v2/webhooks/${endpointId}/test`);
    const id = test.body.data.delivery_id as string;
    await waitFor(async () => (await times(id))?.status === 'delivered', 10_000);
    const first = await times(id);
    expect(first.replayed_at).toBeNull();
    expect(first.last_attempt_at!.getTime()).toBeGreaterThanOrEqual(first.created_at.getTime());
    // The replay comes visibly later than the creation.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const replay = await owner.call('POST', `/v2/webhooks/deliveries/${id}/replay`);
    expect(replay.body.data).toEqual({ delivery_id: id, status: 'pending' });
    await waitFor(async () => (await times(id)).status === 'delivered' && receiver.received.filter((r) => r.deliveryId === id).length === 2, 10_000);
    const after = await times(id);
    expect(after.created_at).toEqual(first.created_at);
    expect(after.replayed_at!.getTime()).toBeGreaterThan(first.last_attempt_at!.getTime());
    expect(after.last_attempt_at!.getTime()).toBeGreaterThanOrEqual(after.replayed_at!.getTime());
    expect(after.attempts).toBe(2);
    // Both deliveries carried the original creation time in their body.
    const bodies = receiver.received.filter((r) => r.deliveryId === id).map((r) => (r.body as unknown as { created_at: string }).created_at);
    expect(bodies).toEqual([first.created_at.toISOString(), first.created_at.toISOString()]);

    const shown = (await getRealtime(owner.userId, null)).deliveries.find((d) => d.id === id)!;
    const minute = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');
    expect(shown).toMatchObject({ createdAt: minute(first.created_at), replayedAt: minute(after.replayed_at!), lastAttemptAt: minute(after.last_attempt_at!) });
  });
});
