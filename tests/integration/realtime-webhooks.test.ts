import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { grantCredits } from '@/lib/credits';
import { revokeKey } from '@/lib/keys';
import { startRealtime, type Realtime } from '@/lib/delivery/start-realtime';
import { RULE_LIMITS } from '@/lib/rules/limits';
import { waitFor } from '../support/account-fixtures';
import { createApiAccount, expectLedgersBalanced, type ApiAccount } from '../support/api-client';
import { setUpWriter, type Writer } from '../support/api-writer';
import { startWebhookReceiver } from '../support/webhook-receiver';

// Rules, matching and signed webhook delivery end to end: tweets written through /v2 reach
// rules by the tweets trigger's notification, two instances share the matching and the
// delivery queue, a real receiver verifies every signature and goes down and up again.

process.env.PERCH_WEBHOOK_RETRY_BASE_MS = '200';
process.env.PERCH_WEBHOOK_RETRY_MAX_MS = '1000';
// The receiver's downtime opens its endpoint's circuit breaker: its trials come as fast as the retries.
process.env.PERCH_WEBHOOK_BREAKER_OPEN_MS = '200';
process.env.PERCH_WEBHOOK_BREAKER_MAX_OPEN_MS = '1000';

let writer: Writer;
let instances: Realtime[] = [];
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
const word = `zebra${crypto.randomBytes(4).toString('hex')}`;

async function post(text: string): Promise<string> {
  const answer = await writer.account.call('POST', '/v2/tweets/create', { body: { text } });
  expect(answer.status).toBe(200);
  return answer.body.data.id as string;
}

async function spent(keyId: string): Promise<number> {
  const { rows } = await getPool().query<{ spent: string }>('SELECT credits_spent::text AS spent FROM api_keys WHERE id = $1', [keyId]);
  return Number(rows[0].spent);
}

async function deliveries(endpointId: string) {
  const { rows } = await getPool().query<{ status: string; attempts: number; n: number }>(
    'SELECT status, attempts, count(*)::int AS n FROM realtime_deliveries WHERE endpoint_id = $1::bigint GROUP BY 1, 2',
    [endpointId],
  );
  return rows;
}

beforeAll(async () => {
  writer = await setUpWriter('realtime');
  receiver = await startWebhookReceiver();
  instances = [await startRealtime(), await startRealtime()];
});

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  await receiver?.down();
});

describe('rules', () => {
  let account: ApiAccount;
  beforeAll(async () => {
    account = await createApiAccount({ label: 'rules' });
  });

  it('are created, listed, read, updated, paused, resumed and deleted', async () => {
    const created = await account.call('POST', '/v2/rules', { body: { tag: 'cats', query: 'cats -dogs lang:en' } });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ tag: 'cats', type: 'query', query: 'cats -dogs lang:en', accounts: [], status: 'active', paused_reason: null });
    expect(created.body.meta.credits_charged).toBe(0);
    const id = created.body.data.id as string;
    const monitor = await account.call('POST', '/v2/rules', { body: { tag: 'people', accounts: [`@${writer.me.username.toUpperCase()}`] } });
    expect(monitor.body.data).toMatchObject({ type: 'accounts', accounts: [writer.me.username.toLowerCase()], query: null });

    const list = await account.call('GET', '/v2/rules', { query: { count: 1 } });
    expect(list.body.data.map((r: { id: string }) => r.id)).toEqual([id]);
    const next = await account.call('GET', '/v2/rules', { query: { count: 1, cursor: list.body.meta.next_cursor } });
    expect(next.body.data.map((r: { id: string }) => r.id)).toEqual([monitor.body.data.id]);
    expect(next.body.meta.has_next_page).toBe(false);

    expect((await account.call('GET', `/v2/rules/${id}`)).body.data.tag).toBe('cats');
    const updated = await account.call('POST', `/v2/rules/${id}`, { body: { tag: 'kittens', query: 'kittens' } });
    expect(updated.body.data).toMatchObject({ id, tag: 'kittens', query: 'kittens' });
    expect((await account.call('POST', `/v2/rules/${id}/pause`)).body.data).toMatchObject({ status: 'paused', paused_reason: 'paused_by_user' });
    expect((await account.call('POST', `/v2/rules/${id}/resume`)).body.data).toMatchObject({ status: 'active', paused_reason: null });
    expect((await account.call('DELETE', `/v2/rules/${id}`)).body.data).toEqual({ id, deleted: true });
    expect((await account.call('GET', `/v2/rules/${id}`)).status).toBe(404);
  });

  it('list in creation order across a change in the number of digits of their ids (9 before 10)', async () => {
    const own = await createApiAccount({ label: 'rules-order' });
    // The next ids end just below a power of ten (…95 to …06), so their decimal length changes
    // midway: ids are bigint in the database and strings in the API and must sort as numbers.
    await getPool().query(`SELECT setval(pg_get_serial_sequence('realtime_rules', 'id'), (10 ^ length((last_value + 6)::text))::bigint - 6) FROM realtime_rules_id_seq`);
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1) ids.push((await own.call('POST', '/v2/rules', { body: { tag: `r${i}`, query: `word${i}` } })).body.data.id as string);
    expect(new Set(ids.map((id) => id.length)).size).toBe(2);
    const listed = (await own.call('GET', '/v2/rules', { query: { count: 100 } })).body.data.map((rule: { id: string }) => rule.id);
    expect(listed).toEqual([...ids].sort((a, b) => Number(a) - Number(b)));
    expect(listed).toEqual(ids);
    // Paging walks the same order.
    const first = await own.call('GET', '/v2/rules', { query: { count: 5 } });
    const second = await own.call('GET', '/v2/rules', { query: { count: 5, cursor: first.body.meta.next_cursor } });
    expect([...first.body.data, ...second.body.data].map((rule: { id: string }) => rule.id)).toEqual(ids.slice(0, 10));
  });

  it('refuse bad definitions with clear 400s and change nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [{ tag: 'x' }, 'exactly one of query, accounts, follows and profile'],
      [{ tag: 'x', query: 'a', accounts: ['b'] }, 'exactly one of query, accounts, follows and profile'],
      [{ tag: 'x', follows: { username: 'b' }, profile: { usernames: ['b'] } }, 'exactly one of query, accounts, follows and profile'],
      [{ tag: 'x', query: 'x'.repeat(513) }, 'query'],
      [{ tag: 'x', query: 'lang:!!' }, 'lang:'],
      [{ tag: 'x', query: 'since:2024-13-01' }, 'since:'],
      [{ tag: 'x', accounts: ['nobody_at_all_9'] }, 'no such user'],
      [{ tag: 'x', accounts: ['bad name'] }, 'accounts'],
      [{ tag: '', query: 'a' }, 'tag'],
      [{ tag: 'x', query: 'a', extra: 1 }, 'extra'],
    ];
    for (const [body, message] of cases) {
      const answer = await account.call('POST', '/v2/rules', { body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.code).toBe('invalid_request');
      expect(JSON.stringify(answer.body.error)).toContain(message);
      const validated = await account.call('POST', '/v2/rules/validate', { body });
      expect(validated.status).toBe(400);
    }
    expect((await account.call('POST', '/v2/rules/validate', { body: { tag: 'ok', query: '#news from:someone' } })).body.data).toEqual({ valid: true, type: 'query' });
    expect((await account.call('GET', '/v2/rules')).body.data).toHaveLength(1);
  });

  it('belong to their key: another key sees a 404', async () => {
    const mine = await account.call('POST', '/v2/rules', { body: { tag: 'mine', query: 'mine' } });
    const stranger = await createApiAccount({ label: 'stranger' });
    for (const [method, path] of [['GET', ''], ['POST', '/pause'], ['DELETE', '']] as const) {
      expect((await stranger.call(method, `/v2/rules/${mine.body.data.id}${path}`)).status).toBe(404);
    }
  });

  it('are limited per key', async () => {
    const limited = await createApiAccount({ label: 'limited' });
    // Fill the key to the limit with direct inserts (the limit is 1,000 by default), then ask once more.
    await getPool().query(
      `INSERT INTO realtime_rules (user_id, key_id, tag, kind, query, text_query, status, paused_reason)
       SELECT $1, $2, 'filler', 'query', 'filler', '''filler''', 'paused', 'paused_by_user' FROM generate_series(1, $3)`,
      [limited.userId, limited.keyId, RULE_LIMITS.rulesPerKey],
    );
    const answer = await limited.call('POST', '/v2/rules', { body: { tag: 'one more', query: 'more' } });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toContain(`most rules allowed (${RULE_LIMITS.rulesPerKey})`);
  });
});

describe('webhooks', () => {
  let owner: ApiAccount;
  let endpointId: string;
  let secret: string;

  beforeAll(async () => {
    owner = await createApiAccount({ label: 'hooks', credits: 100_000 });
    const endpoint = await owner.call('POST', '/v2/webhooks', { body: { url: receiver.url, description: 'test receiver' } });
    expect(endpoint.status).toBe(200);
    expect(endpoint.body.data.secret).toMatch(/^whsec_/);
    endpointId = endpoint.body.data.id;
    secret = endpoint.body.data.secret;
    receiver.setSecrets([secret]);
    expect((await owner.call('GET', '/v2/webhooks')).body.data[0]).not.toHaveProperty('secret');
    expect((await owner.call('POST', '/v2/rules', { body: { tag: 'word', query: word } })).status).toBe(200);
    expect((await owner.call('POST', '/v2/rules', { body: { tag: 'author', accounts: [writer.me.username] } })).status).toBe(200);
  });

  it('refuses plain HTTP off loopback and malformed URLs', async () => {
    for (const url of ['http://example.com/hook', 'ftp://127.0.0.1/x', 'not a url', 'https://user:pw@example.com/']) {
      const answer = await owner.call('POST', '/v2/webhooks', { body: { url } });
      expect(answer.status, url).toBe(400);
    }
  });

  it('delivers each (rule, tweet) once, signed, and charges 15 credits per delivered match', async () => {
    const before = await owner.balance();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await post(`hello ${word} number ${i}`));
    await post('an unrelated tweet by the same author');
    // 4 tweets × 2 rules + 1 tweet × the author rule.
    await waitFor(() => receiver.counts().distinct >= 9, 20_000);
    await waitFor(async () => (await owner.balance()) === before - 9 * 15, 10_000);
    const matched = receiver.received.filter((r) => r.body.tweet && ids.includes(r.body.tweet.id));
    expect(matched.filter((r) => r.body.match?.rule.tag === 'word')).toHaveLength(4);
    expect(receiver.counts()).toEqual({ distinct: 9, duplicates: 0 });
    expect(receiver.rejected).toHaveLength(0);
    expect(receiver.received.every((r) => r.body.id === r.deliveryId && r.body.event === 'rule.match')).toBe(true);
    // The receiver answers before the worker records the answer.
    await waitFor(async () => (await deliveries(endpointId)).every((row) => row.status === 'delivered'), 10_000);
    expect(await deliveries(endpointId)).toEqual([{ status: 'delivered', attempts: 1, n: 9 }]);
  });

  it('retries while the receiver is down, delivers everything when it is back, charges nothing for failures', async () => {
    const before = await owner.balance();
    const spentBefore = await spent(owner.keyId);
    const seen = receiver.counts().distinct;
    await receiver.down();
    for (let i = 0; i < 3; i++) await post(`down ${word} ${i}`);
    await waitFor(async () => (await deliveries(endpointId)).some((row) => row.status === 'pending' && row.attempts >= 2), 20_000);
    // Settled charges, not the balance: an attempt under way holds its 15 credits until it fails.
    expect(await spent(owner.keyId)).toBe(spentBefore);
    await receiver.up();
    await waitFor(() => receiver.counts().distinct >= seen + 6, 30_000);
    await waitFor(async () => (await deliveries(endpointId)).every((row) => row.status === 'delivered'), 10_000);
    expect(receiver.counts()).toEqual({ distinct: seen + 6, duplicates: 0 });
    expect(await spent(owner.keyId)).toBe(spentBefore + 6 * 15);
    expect(await owner.balance()).toBe(before - 6 * 15);
    const log = await owner.call('GET', `/v2/webhooks/${endpointId}/deliveries`, { query: { count: 6 } });
    expect(log.body.data.every((d: { attempts: number; last_status_code: number }) => d.attempts >= 2 && d.last_status_code === 204)).toBe(true);
  });

  it('replays a delivery with the same id and without charging again', async () => {
    const before = await owner.balance();
    const [first] = (await owner.call('GET', `/v2/webhooks/${endpointId}/deliveries`, { query: { status: 'delivered', count: 1 } })).body.data;
    const replay = await owner.call('POST', `/v2/webhooks/deliveries/${first.id}/replay`);
    expect(replay.body.data).toEqual({ delivery_id: first.id, status: 'pending' });
    await waitFor(() => receiver.received.filter((r) => r.deliveryId === first.id).length === 2, 10_000);
    expect(await owner.balance()).toBe(before);
    expect((await owner.call('POST', `/v2/webhooks/deliveries/${crypto.randomUUID()}/replay`)).status).toBe(404);
  });

  it('rotates the secret with an overlap: both signatures verify until it ends', async () => {
    const rotated = await owner.call('POST', `/v2/webhooks/${endpointId}/rotate-secret`, { body: { overlap_seconds: 3600 } });
    expect(rotated.body.data.secret).not.toBe(secret);
    receiver.setSecrets([rotated.body.data.secret]);
    const test = await owner.call('POST', `/v2/webhooks/${endpointId}/test`);
    await waitFor(() => receiver.received.some((r) => r.deliveryId === test.body.data.delivery_id), 10_000);
    const delivered = receiver.received.find((r) => r.deliveryId === test.body.data.delivery_id)!;
    expect(delivered.body.event).toBe('test');
    expect(delivered.signatures).toHaveLength(2);
    receiver.setSecrets([secret]);
    const old = await owner.call('POST', `/v2/webhooks/${endpointId}/test`);
    await waitFor(() => receiver.received.some((r) => r.deliveryId === old.body.data.delivery_id), 10_000);
    receiver.setSecrets([rotated.body.data.secret]);
    secret = rotated.body.data.secret;
  });
});

describe('credits', () => {
  it('pause the account’s rules when the balance runs out and resume them on a grant, losing nothing', async () => {
    const poor = await createApiAccount({ label: 'poor', credits: 30 });
    const tag = `poor${crypto.randomBytes(3).toString('hex')}`;
    const endpoint = await poor.call('POST', '/v2/webhooks', { body: { url: receiver.url } });
    receiver.addSecret(endpoint.body.data.secret);
    const rule = await poor.call('POST', '/v2/rules', { body: { tag: 'poor', query: tag } });
    for (let i = 0; i < 3; i++) await post(`${tag} ${i}`);
    await waitFor(async () => (await poor.call('GET', `/v2/rules/${rule.body.data.id}`)).body.data.paused_reason === 'insufficient_credits', 20_000);
    await waitFor(async () => (await deliveries(endpoint.body.data.id)).some((row) => row.status === 'awaiting_credits'), 10_000);
    expect(await poor.balance()).toBe(0);
    await grantCredits(poor.userId, 1_000, 'top-up');
    await waitFor(async () => (await poor.call('GET', `/v2/rules/${rule.body.data.id}`)).body.data.status === 'active', 10_000);
    await waitFor(async () => (await deliveries(endpoint.body.data.id)).every((row) => row.status === 'delivered'), 20_000);
    expect(await poor.balance()).toBe(1_000 + 30 - 3 * 15);
    const received = receiver.received.filter((r) => r.body.match?.rule.id === rule.body.data.id);
    expect(new Set(received.map((r) => r.body.tweet!.id)).size).toBe(3);
  });

  it('stop matching for a revoked key', async () => {
    const revoked = await createApiAccount({ label: 'revoked' });
    const tag = `gone${crypto.randomBytes(3).toString('hex')}`;
    const kept = await createApiAccount({ label: 'kept' });
    await revoked.call('POST', '/v2/rules', { body: { tag: 'revoked', query: tag } });
    await kept.call('POST', '/v2/rules', { body: { tag: 'kept', query: tag } });
    await revokeKey(revoked.keyId);
    await post(`${tag} after revocation`);
    const count = async (keyId: string) => (await getPool().query<{ n: number }>('SELECT count(*)::int AS n FROM realtime_matches WHERE key_id = $1', [keyId])).rows[0].n;
    // The other key's rule matching the same tweet shows the matcher has seen it.
    await waitFor(async () => (await count(kept.keyId)) === 1, 15_000);
    expect(await count(revoked.keyId)).toBe(0);
  });

  it('leave every ledger balanced', async () => {
    // Deliveries still under way hold credits: wait for this file's to finish first (other test
    // files leave deliveries to unreachable hosts pending for a day, on purpose).
    await waitFor(
      async () =>
        (
          await getPool().query(
            `SELECT 1 FROM realtime_deliveries d JOIN realtime_endpoints e ON e.id = d.endpoint_id WHERE d.status = 'pending' AND e.url = $1`,
            [receiver.url],
          )
        ).rows.length === 0,
      20_000,
    );
    await expectLedgersBalanced();
  });
});
