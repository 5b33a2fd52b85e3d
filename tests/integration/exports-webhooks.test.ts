import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { startRealtime, type Realtime } from '@/lib/delivery/start-realtime';
import { waitFor } from '../support/account-fixtures';
import { createApiAccount, type ApiAccount } from '../support/api-client';
import { MISSING_USERNAME, userWithMost } from '../support/api-subjects';
import { exportSlices, type ExportSlices } from '../support/export-slices';
import { startWebhookReceiver } from '../support/webhook-receiver';

// export.completed and export.failed end to end: an export run to its end queues one delivery
// per active endpoint, a realtime instance sends it, a real receiver verifies its signature.

let slices: ExportSlices;
let instance: Realtime;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let account: ApiAccount;

beforeAll(async () => {
  slices = await exportSlices();
  receiver = await startWebhookReceiver();
  instance = await startRealtime();
  account = await createApiAccount({ label: 'export-webhooks' });
  const endpoint = await account.call('POST', '/v2/webhooks', { body: { url: receiver.url } });
  expect(endpoint.status).toBe(200);
  receiver.setSecrets([endpoint.body.data.secret]);
});

afterAll(async () => {
  await instance?.stop();
  await receiver?.down();
  slices?.remove();
});

const received = (event: string, exportId: string) =>
  receiver.received.filter((r) => r.body.event === event && (r.body as unknown as { data: { export: { id: string } } }).data.export.id === exportId);

describe('export webhook events', () => {
  it('sends export.completed, signed and free, with the finished job', async () => {
    const username = await userWithMost.followers();
    const created = await account.call('POST', '/v2/exports', { body: { operation: 'getUserFollowerIds', params: { username }, max_items: 5 } });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect(await slices.runToEnd(id)).toBe('ended');
    await waitFor(() => received('export.completed', id).length === 1, 15_000);
    const [event] = received('export.completed', id);
    const job = (await account.call('GET', `/v2/exports/${id}`)).body.data;
    expect(event.body).toMatchObject({ id: event.deliveryId, event: 'export.completed', match: null, tweet: null });
    expect((event.body as unknown as { data: unknown }).data).toEqual({ export: job });
    expect(job).toMatchObject({ status: 'completed', stop_reason: 'max_items', items: 5 });
    expect(receiver.rejected).toEqual([]);
    // Free: only the five ids were charged.
    const { rows } = await getPool().query<{ status: string }>(`SELECT status FROM realtime_deliveries WHERE event = 'export.completed' AND data->'export'->>'id' = $1`, [id]);
    expect(rows).toEqual([{ status: 'delivered' }]);
  });

  it('sends export.failed when the source refuses the export for good', async () => {
    const username = await userWithMost.followers();
    const created = await account.call('POST', '/v2/exports', { body: { operation: 'getUserFollowers', params: { username } } });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    // The account is gone by the time the job runs (as a deleted or suspended one would be).
    await getPool().query(`UPDATE exports SET params = jsonb_set(params, '{path,username}', to_jsonb($2::text)) WHERE id = $1::bigint`, [id, MISSING_USERNAME]);
    expect(await slices.runToEnd(id)).toBe('ended');
    await waitFor(() => received('export.failed', id).length === 1, 15_000);
    const [event] = received('export.failed', id);
    const data = (event.body as unknown as { data: { export: { status: string; error: { code: string } | null; items: number } } }).data;
    expect(data.export).toMatchObject({ status: 'failed', items: 0, error: { code: 'not_found' } });
    expect(receiver.rejected).toEqual([]);
  });

  it('sends nothing for a cancelled export', async () => {
    const username = await userWithMost.followers();
    const created = await account.call('POST', '/v2/exports', { body: { operation: 'getUserFollowers', params: { username } } });
    const id = created.body.data.id;
    expect((await account.call('POST', `/v2/exports/${id}/cancel`)).body.data.status).toBe('cancelled');
    expect(await slices.runToEnd(id)).toBe('not_claimed');
    const { rows } = await getPool().query(`SELECT 1 FROM realtime_deliveries WHERE data->'export'->>'id' = $1`, [id]);
    expect(rows).toEqual([]);
  });
});
