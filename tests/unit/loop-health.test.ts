import { afterEach, describe, expect, it } from 'vitest';
import { healthReport } from '@/lib/health/health-report';
import { forgetLoop, loopHealth, loopState, reportLoopDown, reportLoopUp } from '@/lib/health/loop-health';

// The registry behind /api/health: a loop that goes down shows "recovering" at once, turns the
// answer into a 503 only once it has been down for longer than its grace, and is back to "ok"
// (and 200) as soon as it works again. (The real loops reporting to it are exercised against a
// killed PostgreSQL in tests/integration/realtime-self-healing.test.ts.)

const databaseUp = async () => true;
const databaseDown = async () => false;

afterEach(() => {
  for (const name of ['test_loop', 'other_loop']) forgetLoop(name);
});

describe('loop health', () => {
  it('flips to recovering, then to 503 after the grace, and back to ok and 200', async () => {
    expect(reportLoopUp('test_loop')).toBe(false);
    expect(await healthReport(databaseUp)).toMatchObject({ status: 200, body: { database: 'ok', test_loop: 'ok' } });

    expect(reportLoopDown('test_loop', new Error('connection refused'))).toBe(true);
    const within = await healthReport(databaseUp);
    expect({ status: within.status, body: within.body, retryAfter: within.headers['retry-after'] }).toEqual({
      status: 200,
      body: { database: 'ok', test_loop: 'recovering' },
      retryAfter: undefined,
    });

    // Down for longer than its grace (10 s by default): the time it went down is kept across failures.
    forgetLoop('test_loop');
    reportLoopDown('test_loop', 'first failure', { now: Date.now() - 11_000 });
    expect(reportLoopDown('test_loop', 'second failure')).toBe(false);
    expect(loopState('test_loop')).toMatchObject({ failures: 2, problem: 'second failure' });
    const failing = await healthReport(databaseUp);
    expect({ status: failing.status, body: failing.body, retryAfter: failing.headers['retry-after'] }).toEqual({
      status: 503,
      body: { database: 'ok', test_loop: 'recovering' },
      retryAfter: expect.stringMatching(/^\d+$/),
    });

    expect(reportLoopUp('test_loop')).toBe(true);
    expect(loopState('test_loop')).toMatchObject({ downSince: null, failures: 0, problem: null });
    expect(await healthReport(databaseUp)).toMatchObject({ status: 200, body: { database: 'ok', test_loop: 'ok' } });
  });

  it('keeps each loop to its own grace', () => {
    const now = Date.now();
    reportLoopDown('test_loop', 'x', { now: now - 30_000, graceMs: 60_000 });
    reportLoopDown('other_loop', 'y', { now: now - 30_000, graceMs: 20_000 });
    expect(loopHealth(now)).toMatchObject({ loops: { test_loop: 'recovering', other_loop: 'recovering' }, failing: ['other_loop'] });
  });

  it('answers 503 while the database does not answer, whatever the loops say', async () => {
    reportLoopUp('test_loop');
    const report = await healthReport(databaseDown);
    expect({ status: report.status, body: report.body }).toEqual({ status: 503, body: { database: 'unavailable', test_loop: 'ok' } });
  });

  it('forgets a loop stopped on purpose', async () => {
    reportLoopDown('test_loop', 'x', { now: Date.now() - 60_000 });
    forgetLoop('test_loop');
    expect(loopState('test_loop')).toBeUndefined();
    expect((await healthReport(databaseUp)).status).toBe(200);
  });
});
