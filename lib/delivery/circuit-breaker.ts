import { numberSetting } from './number-setting';

/** The circuit breaker's settings, read at use (tests shorten them). */
export const BREAKER = {
  /** Failed attempts in a row that open the circuit. */
  get failures() {
    return numberSetting('PERCH_WEBHOOK_BREAKER_FAILURES', 5);
  },
  /** How long the circuit first stays open; each failed trial doubles it, up to maxOpenMs. */
  get openMs() {
    return numberSetting('PERCH_WEBHOOK_BREAKER_OPEN_MS', 30_000);
  },
  get maxOpenMs() {
    return numberSetting('PERCH_WEBHOOK_BREAKER_MAX_OPEN_MS', 600_000);
  },
};

export type BreakerSettings = { failures: number; openMs: number; maxOpenMs: number };

/** An endpoint's breaker as stored (realtime_endpoints.consecutive_failures, circuit_open_until). */
export type Circuit = { consecutiveFailures: number; openUntil: Date | null };

/**
 * closed: attempts go ahead (up to the endpoint's concurrency); open: none until openUntil;
 * half_open: the open time is over, one trial attempt at a time decides.
 */
export type CircuitState = 'closed' | 'open' | 'half_open';

/** The state of a stored breaker at `now`. */
export function circuitState(circuit: Circuit, now: Date, threshold = BREAKER.failures): CircuitState {
  if (circuit.consecutiveFailures < threshold) return 'closed';
  return circuit.openUntil !== null && circuit.openUntil > now ? 'open' : 'half_open';
}

/**
 * The breaker after an attempt that ended at `now`: a success closes it; a failure counts, and
 * the one reaching the threshold opens it for openMs, a failed trial (half-open) for twice as long
 * as the time before, up to maxOpenMs. A failure while open (an attempt started before it opened)
 * changes nothing: it would otherwise stretch the open time and the doubling.
 */
export function afterAttempt(circuit: Circuit, ok: boolean, now: Date, settings: BreakerSettings = BREAKER): Circuit {
  if (ok) return { consecutiveFailures: 0, openUntil: null };
  const state = circuitState(circuit, now, settings.failures);
  if (state === 'open') return circuit;
  const consecutiveFailures = circuit.consecutiveFailures + 1;
  if (consecutiveFailures < settings.failures) return { consecutiveFailures, openUntil: null };
  const openMs = Math.min(settings.openMs * 2 ** (consecutiveFailures - settings.failures), settings.maxOpenMs);
  return { consecutiveFailures, openUntil: new Date(now.getTime() + openMs) };
}

/** The breaker as the API shows it on an endpoint. */
export type CircuitView = { state: CircuitState; consecutive_failures: number; open_until: string | null };

/** The API's view of a stored breaker; open_until only while it means something (open or half-open). */
export function circuitView(circuit: Circuit, now = new Date()): CircuitView {
  const state = circuitState(circuit, now);
  return { state, consecutive_failures: circuit.consecutiveFailures, open_until: state === 'closed' ? null : (circuit.openUntil?.toISOString() ?? null) };
}
