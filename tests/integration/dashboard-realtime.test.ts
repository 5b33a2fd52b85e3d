import { describe, expect, it } from 'vitest';
import { dispatch } from '@/lib/api/dispatch';
import type { Caller } from '@/lib/api/define-operation';
import { getPool } from '@/lib/db/pool';
import { getRecentMatches } from '@/lib/dashboard/get-recent-matches';
import { getRealtime } from '@/lib/dashboard/get-realtime';
import { ownKeyCaller } from '@/lib/dashboard/own-key-caller';
import { issueKey, revokeKey } from '@/lib/keys';
import { createApiAccount } from '../support/api-client';

// The Rules page's server side: which key a dashboard call may act as, and the reads it polls.

async function createRule(caller: Caller, body: unknown): Promise<{ status: number; id: string }> {
  const response = await dispatch(new Request('http://perch.test/v2/rules', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }), { caller });
  const json = (await response.json()) as { data?: { id: string } };
  return { status: response.status, id: json.data?.id ?? '' };
}

async function insertMatch(ruleId: string, userId: string, keyId: string, tweetId: string, text: string): Promise<void> {
  await getPool().query(`INSERT INTO realtime_matches (rule_id, user_id, key_id, tweet_id, tweet) VALUES ($1::bigint, $2, $3, $4::bigint, $5::jsonb)`, [
    ruleId,
    userId,
    keyId,
    tweetId,
    JSON.stringify({ id: tweetId, text, author: { username: 'someone' } }),
  ]);
}

describe('the dashboard acting as a key', () => {
  it('acts only as a usable key of the signed-in account, with that key’s scopes', async () => {
    const owner = await createApiAccount({ label: 'dashkey', scopes: ['read'] });
    const other = await createApiAccount({ label: 'dashkey-other' });
    expect(await ownKeyCaller(owner.userId, owner.keyId)).toEqual({ userId: owner.userId, keyId: owner.keyId, scopes: ['read'], source: 'rules' });
    expect(await ownKeyCaller(owner.userId, other.keyId)).toBeNull();
    expect(await ownKeyCaller(owner.userId, 'no-such-key')).toBeNull();

    const expired = await issueKey({ userId: owner.userId, name: 'expired', scopes: ['read'] });
    await getPool().query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.id]);
    expect(await ownKeyCaller(owner.userId, expired.id)).toBeNull();
    const revoked = await issueKey({ userId: owner.userId, name: 'revoked', scopes: ['read'] });
    expect(await ownKeyCaller(owner.userId, revoked.id)).not.toBeNull();
    await revokeKey(revoked.id, owner.userId);
    expect(await ownKeyCaller(owner.userId, revoked.id)).toBeNull();
  });

  it('creates rules for the chosen key, which the page lists with its key and match count', async () => {
    const account = await createApiAccount({ label: 'dashrules' });
    const caller = (await ownKeyCaller(account.userId, account.keyId))!;
    const created = await createRule(caller, { tag: 'dash', query: 'perch lang:en' });
    expect(created.status).toBe(200);
    // Without a key the session mount cannot create one: rules belong to keys.
    expect((await createRule({ ...caller, keyId: null }, { tag: 'dash', query: 'perch' })).status).toBe(400);

    await insertMatch(created.id, account.userId, account.keyId, '9000000000000000001', 'first');
    const realtime = await getRealtime(account.userId, null);
    expect(realtime.rules).toEqual([
      expect.objectContaining({ id: created.id, tag: 'dash', kind: 'query', query: 'perch lang:en', accounts: [], keyId: account.keyId, keyName: 'api test key', keyUsable: true, matches: 1 }),
    ]);
    await revokeKey(account.keyId, account.userId);
    expect((await getRealtime(account.userId, null)).rules[0].keyUsable).toBe(false);
  });
});

describe('recent matches', () => {
  it('are the account’s own, newest first, across its keys, at most the limit', async () => {
    const account = await createApiAccount({ label: 'dashmatches' });
    const second = await issueKey({ userId: account.userId, name: 'second', scopes: ['read'] });
    const stranger = await createApiAccount({ label: 'dashmatches-other' });
    const ruleA = await createRule((await ownKeyCaller(account.userId, account.keyId))!, { tag: 'a', query: 'alpha' });
    const ruleB = await createRule((await ownKeyCaller(account.userId, second.id))!, { tag: 'b', query: 'beta' });
    const ruleS = await createRule((await ownKeyCaller(stranger.userId, stranger.keyId))!, { tag: 's', query: 'alpha' });
    await insertMatch(ruleA.id, account.userId, account.keyId, '9000000000000000011', 'one');
    await insertMatch(ruleS.id, stranger.userId, stranger.keyId, '9000000000000000012', 'not yours');
    await insertMatch(ruleB.id, account.userId, second.id, '9000000000000000013', 'two');
    await insertMatch(ruleA.id, account.userId, account.keyId, '9000000000000000014', 'three');

    const recent = await getRecentMatches(account.userId);
    expect(recent.map((match) => [match.tag, match.text, match.author])).toEqual([
      ['a', 'three', 'someone'],
      ['b', 'two', 'someone'],
      ['a', 'one', 'someone'],
    ]);
    expect((await getRecentMatches(account.userId, 2)).map((match) => match.text)).toEqual(['three', 'two']);
    expect((await getRecentMatches(stranger.userId)).map((match) => match.text)).toEqual(['not yours']);
  });
});
