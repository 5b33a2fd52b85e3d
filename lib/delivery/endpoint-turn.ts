import { getPool } from '@/lib/db/pool';
import { giveAccountShare, takeAccountShare } from './account-shares';
import { BREAKER } from './circuit-breaker';
import { deliverWebhook } from './deliver-webhook';
import { DELIVERY_LIMITS } from './delivery-limits';
import { recordEndpointAttempt } from './record-endpoint-attempt';
import { RETRY_POLICY } from './retry-policy';
import { ENDPOINT_TASK, turnJobKeySql } from './wake-endpoint';

// A turn hands its worker back after this many attempts or this long, whichever comes first,
// and queues itself again behind the turns that were waiting: endpoints take the workers round
// robin, whatever their backlog.
const TURN_ATTEMPTS = 20;
const TURN_MS = 1_000;
// A turn whose account has its share of this instance's workers busy comes back after this,
// without a claim or a POST.
const SHARE_WAIT_MS = 1_000;
// A lease outlives the attempt's timeout by this much (holding and settling its credits). It is
// also how long an endpoint waits for an attempt whose instance was killed.
const LEASE_MARGIN_MS = 10_000;
// An attempt that failed with an error (the database gone) gives its lease back once the database
// answers, until this long before the lease runs out (after that it may be someone else's).
const RELEASE_EVERY_MS = 1_000;
const RELEASE_SAFETY_MS = 2_000;

type Claim = {
  delivery_id: string | null;
  owner_id: string;
  circuit: 'closed' | 'open' | 'half_open';
  failures: number;
  open_until: Date | null;
  in_flight: string;
  backlog: boolean;
  next_due: Date | null;
};

const CLAIM_SQL = `SELECT delivery_id::text, owner_id, circuit, failures, open_until, in_flight::text, backlog, next_due FROM realtime_claim_delivery($1::bigint, $2, $3, $4)`;

// Whose each endpoint is, learned once per process (an endpoint never changes hands): the
// account's share is checked before anything is claimed.
const owners = new Map<string, string>();

async function ownerOf(endpointId: string): Promise<string | null> {
  const known = owners.get(endpointId);
  if (known) return known;
  const { rows } = await getPool().query<{ user_id: string }>('SELECT user_id FROM realtime_endpoints WHERE id = $1::bigint', [endpointId]);
  if (rows.length === 0) return null;
  if (owners.size >= 100_000) owners.clear();
  owners.set(endpointId, rows[0].user_id);
  return rows[0].user_id;
}

/**
 * Queues the endpoint's turn in `slot` at `runAt` (null: now). 'replace' moves a waiting one
 * there; 'preserve_run_at' leaves a waiting one where it is (it runs sooner anyway).
 */
async function queueTurn(endpointId: string, slot: number, runAt: Date | null, mode: 'replace' | 'preserve_run_at'): Promise<void> {
  await getPool().query(
    `SELECT graphile_worker.add_job('${ENDPOINT_TASK}', json_build_object('endpointId', $1::text, 'slot', $2::int),
       job_key := ${turnJobKeySql('$1::text', '$2::int')}, run_at := $3::timestamptz, max_attempts := 5, job_key_mode := $4)`,
    [endpointId, slot, runAt, mode],
  );
}

/**
 * One turn of one endpoint (the graphile-worker task ENDPOINT_TASK): claims its due deliveries
 * one at a time (realtime_claim_delivery: never more than the endpoint's concurrency under way
 * across instances, none while its circuit breaker is open, one trial when half-open) and
 * attempts each, moving the breaker with every outcome. Ends when nothing more can be claimed
 * (queuing itself for when something can), when its account has its share of this instance's
 * workers busy (back in a second, without holding a worker), or after a few attempts (back at
 * the end of the line). When the endpoint has more due and room for it, another slot's turn
 * joins in, up to the endpoint's concurrency.
 */
export async function runEndpointTurn(endpointId: string, slot: number): Promise<void> {
  const owner = await ownerOf(endpointId);
  if (owner === null) return; // deleted, with its deliveries
  const started = Date.now();
  for (let attempts = 0; ; attempts += 1) {
    if (attempts >= TURN_ATTEMPTS || Date.now() - started >= TURN_MS) return queueTurn(endpointId, slot, null, 'replace');
    if (!takeAccountShare(owner)) return queueTurn(endpointId, slot, new Date(Date.now() + SHARE_WAIT_MS), 'replace');
    try {
      const cap = DELIVERY_LIMITS.perEndpoint;
      const leaseMs = RETRY_POLICY.timeoutMs + LEASE_MARGIN_MS;
      const claimedAt = Date.now();
      const { rows } = await getPool().query<Claim>(CLAIM_SQL, [endpointId, cap, BREAKER.failures, leaseMs]);
      const claim = rows[0];
      if (!claim) return;
      if (claim.delivery_id === null) {
        // Open: back when it reopens. Otherwise when a retry falls due or a lease runs out (an
        // attempt whose instance died); a turn waiting already keeps its place.
        if (claim.next_due !== null) await queueTurn(endpointId, slot, claim.next_due, claim.circuit === 'open' ? 'replace' : 'preserve_run_at');
        return;
      }
      if (claim.backlog && Number(claim.in_flight) < cap) await joinIn(endpointId, slot, cap);
      const known = { consecutiveFailures: claim.failures, openUntil: claim.open_until };
      await deliverWebhook(claim.delivery_id, (ok) => recordEndpointAttempt(endpointId, ok, known)).catch((error: unknown) => {
        releaseLease(claim.delivery_id!, claimedAt + leaseMs - RELEASE_SAFETY_MS);
        throw error;
      });
    } finally {
      giveAccountShare(owner);
    }
  }
}

// Gives back the lease of an attempt that ended with an error, so that the delivery is claimed
// again as soon as the database answers rather than when the lease runs out. Only while the lease
// is certainly still this attempt's: nobody else can have claimed the delivery before it ends.
function releaseLease(deliveryId: string, until: number): void {
  if (Date.now() >= until) return;
  getPool()
    // Checked again where it runs: the query may have waited for a connection.
    .query(`UPDATE realtime_deliveries SET lease_until = NULL WHERE id = $1::uuid AND status = 'pending' AND lease_until > now() AND now() < $2::timestamptz`, [
      deliveryId,
      new Date(until),
    ])
    .catch(() => setTimeout(() => releaseLease(deliveryId, until), RELEASE_EVERY_MS).unref());
}

// The other slots' turns, so that a backlog is worked on up to the endpoint's concurrency.
// A slot whose turn is waiting already keeps its place; extra turns find nothing to claim.
async function joinIn(endpointId: string, slot: number, cap: number): Promise<void> {
  for (let other = 0; other < cap; other += 1) if (other !== slot) await queueTurn(endpointId, other, null, 'preserve_run_at');
}
