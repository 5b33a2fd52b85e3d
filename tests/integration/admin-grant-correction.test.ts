import { describe, expect, it } from 'vitest';
import { checkLedger } from '@/lib/credits/check-ledger';
import { getBalance } from '@/lib/credits';
import { adminGrant } from '@/lib/dashboard/admin-grant';
import { getPool } from '@/lib/db/pool';
import { createTestUser } from '../support/account-fixtures';
import { recordCall } from '../support/usage-fixtures';

// Issue 27, item 7: an admin could not correct a wrong grant. A negative amount takes credits
// back, ledgered as a negative grant with its reason; never more than the balance at hand.

async function grants(userId: string) {
  const { rows } = await getPool().query<{ amount: string; reason: string }>('SELECT amount::text, reason FROM credit_grants WHERE user_id = $1 ORDER BY id', [userId]);
  return rows.map((r) => [Number(r.amount), r.reason]);
}

describe('an admin correction', () => {
  it('takes credits back with a reason, ledgered, the ledger still balanced', async () => {
    const userId = await createTestUser('correct');
    const email = `${userId}@example.test`;
    expect(await adminGrant({ email, amount: '10000', reason: 'typo: meant 1,000' })).toMatchObject({ ok: true, amount: 10_000, balance: 10_000 });
    await recordCall(userId, null, { operation: 'getUser', tag: 'Users', credits: 18 });
    expect(await adminGrant({ email, amount: '-9000', reason: 'correct the typo grant' })).toEqual({ ok: true, email, amount: -9_000, balance: 982 });
    expect(await getBalance(userId)).toBe(982);
    expect(await grants(userId)).toEqual([
      [10_000, 'typo: meant 1,000'],
      [-9_000, 'correct the typo grant'],
    ]);
    expect(await checkLedger(userId)).toMatchObject({ ok: true, grants: 1_000, usage: 18, balance: 982 });
  });

  it('is refused beyond the balance at hand, and changes nothing', async () => {
    const userId = await createTestUser('correct-over');
    const email = `${userId}@example.test`;
    await adminGrant({ email, amount: 500, reason: 'start' });
    const refused = await adminGrant({ email, amount: '-501', reason: 'too much' });
    expect(refused).toEqual({ ok: false, errors: { amount: 'The account has 500 credits at hand: a correction can take back at most that' } });
    expect(await getBalance(userId)).toBe(500);
    expect(await grants(userId)).toEqual([[500, 'start']]);
    expect((await checkLedger(userId)).ok).toBe(true);
  });

  it('needs a non-zero whole number and a reason', async () => {
    const userId = await createTestUser('correct-form');
    const email = `${userId}@example.test`;
    expect(await adminGrant({ email, amount: '0', reason: 'x' })).toMatchObject({ ok: false, errors: { amount: expect.stringContaining('at least 1') } });
    expect(await adminGrant({ email, amount: '-1.5', reason: 'x' })).toMatchObject({ ok: false, errors: { amount: expect.stringContaining('whole number') } });
    expect(await adminGrant({ email, amount: '-5', reason: ' ' })).toMatchObject({ ok: false, errors: { reason: expect.any(String) } });
  });
});

describe('an admin grant to a shared workspace', () => {
  it('goes to the workspace a slug names; an unknown or deleted one is refused by field', async () => {
    const ownerId = await createTestUser('grant-team');
    const team = { id: `ws_grant_${ownerId}`, slug: `grant-team-${ownerId.slice(-8).toLowerCase()}` };
    await getPool().query('INSERT INTO workspaces (id, slug, name, created_by) VALUES ($1, $2, $3, $4)', [team.id, team.slug, 'Grant Team', ownerId]);
    expect(await adminGrant({ email: team.slug, amount: '2500', reason: 'team trial' })).toEqual({ ok: true, email: team.slug, amount: 2_500, balance: 2_500 });
    expect(await getBalance(team.id)).toBe(2_500);
    expect(await getBalance(ownerId)).toBe(0);
    expect(await grants(team.id)).toEqual([[2_500, 'team trial']]);
    const { rows } = await getPool().query('SELECT action, actor_kind FROM audit_events WHERE workspace_id = $1', [team.id]);
    expect(rows).toEqual([{ action: 'grant.added', actor_kind: 'admin' }]);

    expect(await adminGrant({ email: 'no-such-team', amount: 5, reason: 'x' })).toEqual({ ok: false, errors: { email: 'No workspace with the slug or id no-such-team' } });
    await getPool().query('UPDATE workspaces SET deleted_at = now() WHERE id = $1', [team.id]);
    expect(await adminGrant({ email: team.slug, amount: 5, reason: 'x' })).toEqual({ ok: false, errors: { email: `Workspace ${team.slug} was deleted` } });
    expect(await getBalance(team.id)).toBe(2_500);
  });
});
