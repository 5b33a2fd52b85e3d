import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPool } from '@/lib/db/pool';
import { expectLedgersBalanced } from '../support/api-client';
import { PRICE, expectCharged, expectNothingCharged, measuredCall } from '../support/api-charges';
import { expectError, expectInvalid, expectSuccess } from '../support/api-records';
import { setUpWriter, type Writer } from '../support/api-writer';

// Idempotency-Key on writes (contract section 7): a repeat with the same key and request
// replays the stored response and charges nothing; another request with the key is 409.

let writer: Writer['account'];
let me: Writer['me'];
let target: Writer['target'];

beforeAll(async () => {
  ({ account: writer, me, target } = await setUpWriter('idempotency'));
});

afterAll(async () => {
  await expectLedgersBalanced();
});

describe('Idempotency-Key', () => {
  it('replays the stored response for the same request and charges nothing', async () => {
    const key = `idem-${Date.now()}`;
    const first = await measuredCall(writer, 'POST', '/v2/tweets/create', { body: { text: 'once only' }, headers: { 'Idempotency-Key': key } });
    expectSuccess(first);
    expectCharged(first, PRICE.write);
    const replay = await measuredCall(writer, 'POST', '/v2/tweets/create', { body: { text: 'once only' }, headers: { 'Idempotency-Key': key } });
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual(first.body.data);
    expect(replay.body.meta.credits_charged).toBe(0);
    expectNothingCharged(replay);
    expect(replay.body.meta.credits_remaining).toBe(replay.after);
    expect(replay.body.meta.request_id).not.toBe(first.body.meta.request_id);
    expect(replay.headers.get('x-request-id')).toBe(replay.body.meta.request_id);
    const { rows } = await getPool().query("SELECT count(*)::int AS n FROM platform.tweets WHERE author_id = $1 AND text = 'once only'", [me.id]);
    expect(rows[0].n).toBe(1);
  });

  it('treats the same body serialized in another key order as the same request', async () => {
    const key = `idem-order-${Date.now()}`;
    const headers = { 'Idempotency-Key': key, 'content-type': 'application/json' };
    const first = await writer.call('POST', '/v2/tweets/reply', { rawBody: `{"tweet_id":"${target.id}","text":"ordered"}`, headers });
    expectSuccess(first);
    const again = await measuredCall(writer, 'POST', '/v2/tweets/reply', { rawBody: `{ "text": "ordered", "tweet_id": "${target.id}" }`, headers });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    expectNothingCharged(again);
  });

  it('is 409 when the key is reused with another request, charging nothing', async () => {
    const key = `idem-conflict-${Date.now()}`;
    expectSuccess(await writer.call('POST', '/v2/tweets/create', { body: { text: 'first body' }, headers: { 'Idempotency-Key': key } }));
    const conflict = await measuredCall(writer, 'POST', '/v2/tweets/create', { body: { text: 'second body' }, headers: { 'Idempotency-Key': key } });
    expectError(conflict, 409, 'idempotency_conflict');
    expectNothingCharged(conflict);
    const otherPath = await measuredCall(writer, 'POST', `/v2/tweets/${target.id}/like`, { headers: { 'Idempotency-Key': key } });
    expectError(otherPath, 409, 'idempotency_conflict');
    expectNothingCharged(otherPath);
  });

  it('runs a concurrent duplicate once: one answer, the other a 409 or a replay, one charge', async () => {
    const key = `idem-race-${Date.now()}`;
    const before = await writer.balance();
    const send = () => writer.call('POST', '/v2/tweets/create', { body: { text: 'raced once' }, headers: { 'Idempotency-Key': key } });
    const answers = await Promise.all([send(), send()]);
    // Which one runs is a race; the loser either sees the claim in flight (409, Retry-After)
    // or, if the winner already finished, gets its stored answer replayed.
    const ran = answers.filter((a) => a.status === 200 && a.headers.get('idempotent-replayed') !== 'true');
    const other = answers.find((a) => a !== ran[0]);
    expect(ran).toHaveLength(1);
    if (other?.status === 409) expect(other.headers.get('retry-after')).toBe('1');
    else expect(other?.headers.get('idempotent-replayed')).toBe('true');
    expect(before - (await writer.balance())).toBe(PRICE.write);
    const { rows } = await getPool().query("SELECT count(*)::int AS n FROM platform.tweets WHERE author_id = $1 AND text = 'raced once'", [me.id]);
    expect(rows[0].n).toBe(1);
  });

  it('keeps a key 24 hours: after that it may be used for another request', async () => {
    const key = `idem-old-${Date.now()}`;
    expectSuccess(await writer.call('POST', '/v2/tweets/create', { body: { text: 'yesterday' }, headers: { 'Idempotency-Key': key } }));
    await getPool().query("UPDATE idempotency_records SET created_at = now() - interval '23 hours' WHERE user_id = $1 AND key = $2", [writer.userId, key]);
    expectError(await writer.call('POST', '/v2/tweets/create', { body: { text: 'today' }, headers: { 'Idempotency-Key': key } }), 409, 'idempotency_conflict');
    await getPool().query("UPDATE idempotency_records SET created_at = now() - interval '25 hours' WHERE user_id = $1 AND key = $2", [writer.userId, key]);
    const fresh = await measuredCall(writer, 'POST', '/v2/tweets/create', { body: { text: 'today' }, headers: { 'Idempotency-Key': key } });
    expectSuccess(fresh);
    expectCharged(fresh, PRICE.write);
  });

  it('lets a failed write be retried with the same key', async () => {
    const key = `idem-retry-${Date.now()}`;
    const failed = await writer.call('POST', '/v2/tweets/reply', { body: { tweet_id: '9000000000000000001', text: 'x' }, headers: { 'Idempotency-Key': key } });
    expectError(failed, 404, 'not_found');
    const retried = await writer.call('POST', '/v2/tweets/reply', { body: { tweet_id: '9000000000000000001', text: 'x' }, headers: { 'Idempotency-Key': key } });
    expectError(retried, 404, 'not_found');
  });

  it('is 400 for a malformed key', async () => {
    const answer = await measuredCall(writer, 'POST', '/v2/tweets/create', { body: { text: 'x' }, headers: { 'Idempotency-Key': 'has spaces in it' } });
    expectInvalid(answer, 'Idempotency-Key');
    expectNothingCharged(answer);
  });
});
