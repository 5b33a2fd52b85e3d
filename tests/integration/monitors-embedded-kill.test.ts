import { afterAll, describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { nextSnowflake } from '@/lib/platform/snowflake';
import { waitFor } from '../support/account-fixtures';
import { createApiAccount } from '../support/api-client';
import { spawnRealtimeProcess, type RealtimeProcess } from '../support/spawn-realtime-process';
import { createFixtureUsers } from '../support/platform-fixtures';
import { openSse } from '../support/sse-client';
import { startWebhookReceiver } from '../support/webhook-receiver';

// kill -9 of a Perch instance (its real-time share in a process of its own: tests/support/realtime-process.ts) while follows of a monitored account keep coming (issue 32): the
// changes queued meanwhile are recorded by the restarted server, every follow and unfollow is one
// event, in order, delivered to the webhook and carried by the stream; only an attempt the kill
// interrupted may reach the receiver twice, under the same delivery id.

const servers: RealtimeProcess[] = [];
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
afterAll(async () => {
  for (const server of servers) await server.stop();
  await receiver?.down();
});

// Quick retries, and an attempt cut by the kill comes back after its short lease (timeout + 10 s).
const ENV = { PERCH_WEBHOOK_RETRY_BASE_MS: '200', PERCH_WEBHOOK_RETRY_MAX_MS: '1000', PERCH_WEBHOOK_TIMEOUT_MS: '2000', PERCH_WEBHOOK_BREAKER_OPEN_MS: '200', PERCH_WEBHOOK_BREAKER_MAX_OPEN_MS: '1000' };
const FOLLOWERS = 90;

describe('kill -9 of a Perch server with follows under way', () => {
  it('loses no follow event and records none twice', { timeout: 20 * 60_000 }, async () => {
    const [monitored, ...people] = await createFixtureUsers(getPool(), FOLLOWERS + 1);
    const owner = await createApiAccount({ label: 'monitor-kill', credits: 1_000_000 });
    receiver = await startWebhookReceiver();
    const endpoint = await owner.call('POST', '/v2/webhooks', { body: { url: receiver.url } });
    receiver.setSecrets([endpoint.body.data.secret]);
    const rule = await owner.call('POST', '/v2/rules', { body: { tag: 'kill', follows: { username: monitored.username, direction: 'followers' } } });
    expect(rule.status).toBe(200);

    const first = await spawnRealtimeProcess(process.env.DATABASE_URL!, ENV);
    servers.push(first);
    // Each follow (and every third an unfollow of an earlier one) in its own statement, as users make them.
    const expected: string[] = [];
    let killed = false;
    const writing = (async () => {
      for (let i = 0; i < people.length; i++) {
        await getPool().query('INSERT INTO platform.follows (id, follower_id, followee_id) VALUES ($1, $2, $3)', [nextSnowflake(), people[i].id, monitored.id]);
        expected.push(`follow.added ${people[i].id}`);
        if (i % 3 === 2) {
          await getPool().query('DELETE FROM platform.follows WHERE follower_id = $1 AND followee_id = $2', [people[i - 1].id, monitored.id]);
          expected.push(`follow.removed ${people[i - 1].id}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    // Mid-stream: some events delivered, more follows coming.
    await waitFor(() => receiver.received.length >= 15 || killed, 120_000);
    await first.kill();
    killed = true;
    const deliveredAtKill = receiver.counts().distinct;
    await writing;
    expect(deliveredAtKill).toBeLessThan(expected.length);

    const second = await spawnRealtimeProcess(process.env.DATABASE_URL!, ENV);
    servers.push(second);
    const stream = await openSse(`${second.base}/v2/stream?last_event_id=0`, { authorization: `Bearer ${owner.key}` });
    expect(stream.response.status).toBe(200);
    await waitFor(() => stream.events.length >= expected.length, 120_000);
    await waitFor(() => receiver.counts().distinct >= expected.length, 120_000);
    // A moment for anything extra to show up before counting.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await stream.close();

    const described = (data: { follower: { id: string } }, type: string) => `${type} ${data.follower.id}`;
    const { rows } = await getPool().query<{ id: string; event: string; data: { follower: { id: string } } }>(
      'SELECT m.id::text, m.event, m.data FROM realtime_matches m WHERE m.rule_id = $1::bigint ORDER BY m.id',
      [rule.body.data.id],
    );
    // Recorded: each change once, in the order made.
    expect(rows.map((r) => described(r.data, r.event))).toEqual(expected);
    // The stream: every event once, in order, with its id.
    expect(stream.events.map((e) => e.id)).toEqual(rows.map((r) => r.id));
    // The webhook: every event under one delivery, each taken; a repeat only of an attempt the kill cut short.
    const deliveries = await getPool().query<{ match_id: string; status: string }>(
      'SELECT d.match_id::text, d.status FROM realtime_deliveries d WHERE d.endpoint_id = $1::bigint ORDER BY d.match_id',
      [endpoint.body.data.id],
    );
    expect(deliveries.rows.map((d) => d.match_id)).toEqual(rows.map((r) => r.id));
    await waitFor(async () => (await getPool().query(`SELECT 1 FROM realtime_deliveries WHERE endpoint_id = $1::bigint AND status <> 'delivered'`, [endpoint.body.data.id])).rows.length === 0, 60_000);
    const firstArrivals = [...new Map(receiver.received.map((r) => [r.deliveryId, r.body.match!.id])).values()];
    expect(new Set(firstArrivals).size).toBe(rows.length);
    const { duplicates } = receiver.counts();
    console.log(`[monitor kill] events ${rows.length}, delivered before the kill ${deliveredAtKill}, repeated attempts ${duplicates}`);
    expect(duplicates).toBeLessThanOrEqual(1);
    // In order per monitor at the receiver, by first arrival.
    expect(receiver.received.map((r) => r.body.match!.id).filter((id, i, all) => all.indexOf(id) === i)).toEqual(rows.map((r) => r.id));
  });
});
