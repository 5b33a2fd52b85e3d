import { describe, expect, it } from 'vitest';
import { afterAttempt, circuitState, circuitView, type Circuit } from '@/lib/delivery/circuit-breaker';

const settings = { failures: 5, openMs: 30_000, maxOpenMs: 600_000 };
const t0 = new Date('2026-11-27T12:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const closed: Circuit = { consecutiveFailures: 0, openUntil: null };

/** Applies attempts in order (true: success), each at its time; the breaker after each. */
function run(start: Circuit, attempts: Array<[ok: boolean, ms: number]>): Circuit[] {
  const seen: Circuit[] = [];
  let circuit = start;
  for (const [ok, ms] of attempts) {
    circuit = afterAttempt(circuit, ok, at(ms), settings);
    seen.push(circuit);
  }
  return seen;
}

describe('circuit breaker', () => {
  it('counts failures while closed and opens on the threshold for openMs', () => {
    const seen = run(closed, [
      [false, 0],
      [false, 1],
      [false, 2],
      [false, 3],
    ]);
    expect(seen.map((c) => c.consecutiveFailures)).toEqual([1, 2, 3, 4]);
    expect(seen.every((c) => c.openUntil === null && circuitState(c, at(4), settings.failures) === 'closed')).toBe(true);
    const opened = afterAttempt(seen[3], false, at(10), settings);
    expect(opened).toEqual({ consecutiveFailures: 5, openUntil: at(10 + 30_000) });
    expect(circuitState(opened, at(11), settings.failures)).toBe('open');
    expect(circuitState(opened, at(10 + 29_999), settings.failures)).toBe('open');
    expect(circuitState(opened, at(10 + 30_000), settings.failures)).toBe('half_open');
  });

  it('a success resets the count, whatever the state', () => {
    expect(afterAttempt({ consecutiveFailures: 4, openUntil: null }, true, t0, settings)).toEqual(closed);
    expect(afterAttempt({ consecutiveFailures: 7, openUntil: at(-1) }, true, t0, settings)).toEqual(closed);
    // An attempt that began before the circuit opened and then succeeded closes it too.
    expect(afterAttempt({ consecutiveFailures: 5, openUntil: at(5_000) }, true, t0, settings)).toEqual(closed);
  });

  it('a failure while open (an attempt started before it opened) neither counts nor stretches the open time', () => {
    const open: Circuit = { consecutiveFailures: 5, openUntil: at(30_000) };
    expect(afterAttempt(open, false, at(100), settings)).toBe(open);
  });

  it('a failed trial (half-open) reopens for twice as long as before, up to the bound', () => {
    let circuit: Circuit = { consecutiveFailures: 5, openUntil: at(30_000) };
    const periods: number[] = [];
    let now = 30_000;
    for (let trial = 0; trial < 8; trial += 1) {
      expect(circuitState(circuit, at(now), settings.failures)).toBe('half_open');
      circuit = afterAttempt(circuit, false, at(now), settings);
      expect(circuitState(circuit, at(now), settings.failures)).toBe('open');
      periods.push(circuit.openUntil!.getTime() - at(now).getTime());
      now = circuit.openUntil!.getTime() - t0.getTime();
    }
    expect(periods).toEqual([60_000, 120_000, 240_000, 480_000, 600_000, 600_000, 600_000, 600_000]);
    // Then a successful trial closes it.
    expect(afterAttempt(circuit, true, at(now), settings)).toEqual(closed);
  });

  it('shows open_until only while not closed', () => {
    expect(circuitView(closed, t0)).toEqual({ state: 'closed', consecutive_failures: 0, open_until: null });
    const open = { consecutiveFailures: 6, openUntil: at(60_000) };
    expect(circuitView(open, t0)).toEqual({ state: 'open', consecutive_failures: 6, open_until: at(60_000).toISOString() });
    expect(circuitView(open, at(60_000)).state).toBe('half_open');
  });
});
