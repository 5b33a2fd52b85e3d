import crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { checkLedger, grantCredits } from '@/lib/credits';
import { getPool } from '@/lib/db/pool';
import { issueKey } from '@/lib/keys';
import { Meter } from '@/lib/metering/meter';
import { readMeteringConfig } from '@/lib/metering/metering-config';
import { createTestUser } from '../support/account-fixtures';

// A usage flush whose statement commits but whose answer never arrives (the connection drops
// on the way back) is retried by the meter. The first try of a batch skips no events (that
// lookup costs an index probe per record), so the retry must be the one that does.

const lostAnswers = vi.hoisted(() => ({ remaining: 0, calls: [] as boolean[] }));

vi.mock('@/lib/metering/flush-usage', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/metering/flush-usage')>();
  return {
    ...original,
    flushUsage: async (...args: Parameters<typeof original.flushUsage>) => {
      lostAnswers.calls.push(args[1]?.mayBeRecorded ?? false);
      const result = await original.flushUsage(...args);
      if (lostAnswers.remaining > 0) {
        lostAnswers.remaining -= 1;
        throw new Error('Connection terminated unexpectedly');
      }
      return result;
    },
  };
});

describe('usage flush retried after a lost answer', () => {
  it('records every call once and charges it once', async () => {
    const userId = await createTestUser('flush-retry');
    await grantCredits(userId, 100_000, 'test grant');
    const { id: keyId } = await issueKey({ userId, name: 'k', scopes: ['read'], rateLimit: 100_000 });
    const meter = new Meter({ ...readMeteringConfig(), flushIntervalMs: 3_600_000 }, `test-retry-${crypto.randomBytes(3).toString('hex')}`);
    try {
      for (let i = 0; i < 10; i += 1) {
        const reserved = await meter.reserve({ userId, keyId, requestId: `req_${crypto.randomBytes(8).toString('hex')}`, amount: 18 });
        if (!reserved.ok) throw new Error(`reserve refused: ${reserved.reason}`);
        await reserved.ticket.settle(18, { operation: 'getUser', tag: 'Users', status: 200, items: 1, latencyMs: 1, source: 'api' });
      }
      lostAnswers.remaining = 1;
      await expect(meter.flush()).rejects.toThrow('Connection terminated');
      await meter.flush();
      expect(lostAnswers.calls.slice(-2)).toEqual([false, true]);

      const { rows } = await getPool().query<{ events: number; charged: number }>(
        'SELECT count(*)::int AS events, coalesce(sum(credits), 0)::int AS charged FROM usage_events WHERE user_id = $1',
        [userId],
      );
      expect(rows[0]).toEqual({ events: 10, charged: 180 });
      const daily = await getPool().query<{ calls: number; credits: number }>('SELECT sum(calls)::int AS calls, sum(credits)::int AS credits FROM usage_daily WHERE user_id = $1', [userId]);
      expect(daily.rows[0]).toEqual({ calls: 10, credits: 180 });
      expect(await checkLedger(userId)).toMatchObject({ ok: true, keysOk: true, usage: 180, holds: 0 });
    } finally {
      await meter.stop();
    }
    expect(await checkLedger(userId)).toEqual({ ok: true, keysOk: true, balance: 100_000 - 180, grants: 100_000, usage: 180, holds: 0, leased: 0 });
  });
});
