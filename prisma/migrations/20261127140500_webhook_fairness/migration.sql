-- Fair, bounded webhook delivery (issue 26, point 2). Deliveries are no longer one job each:
-- an endpoint's "turn" (a graphile-worker job keyed by endpoint) claims its due deliveries one
-- at a time from this table, which is the truth, so one endpoint's backlog is never more than
-- a few jobs in graphile-worker's queue (whose fetch scans every job ahead in run_at order).

-- The circuit breaker: after PERCH_WEBHOOK_BREAKER_FAILURES failed attempts in a row the
-- endpoint is left alone until circuit_open_until (then one trial attempt: half-open).
ALTER TABLE realtime_endpoints ADD COLUMN consecutive_failures integer NOT NULL DEFAULT 0;
ALTER TABLE realtime_endpoints ADD COLUMN circuit_open_until timestamptz(3);

-- Set while an attempt is under way (its timeout and a margin): the endpoint's concurrency
-- counts these, and a delivery whose instance died is claimed again once it has passed.
ALTER TABLE realtime_deliveries ADD COLUMN lease_until timestamptz(3);

-- An endpoint's pending deliveries in the order they fall due (new ones have no next_attempt_at).
CREATE INDEX realtime_deliveries_due ON realtime_deliveries (endpoint_id, (coalesce(next_attempt_at, created_at))) WHERE status = 'pending';
-- Its attempts under way: few rows, since a finished attempt clears its lease.
CREATE INDEX realtime_deliveries_leased ON realtime_deliveries (endpoint_id, lease_until) WHERE status = 'pending' AND lease_until IS NOT NULL;

-- Claims the endpoint's oldest due delivery for one attempt, when the endpoint has fewer than
-- its cap under way (p_endpoint_cap when the circuit is closed, 1 when half-open, 0 when open),
-- in one round trip. The endpoint's row lock (FOR NO KEY UPDATE: inserts of its deliveries,
-- whose foreign key check takes KEY SHARE, are not blocked) serializes claims on every
-- instance, and each statement of this volatile function reads with a fresh snapshot, so the
-- count sees the leases taken by whoever held the lock before. No row when the endpoint is gone.
-- backlog: more is due behind the claimed delivery (the caller may start another turn, up to the cap).
-- next_due, when nothing was claimed: when there may be something to claim (a retry falling
-- due, a lease running out, the circuit reopening), null when nothing is pending, found by index
-- range reads only (an endpoint's backlog can be long).
-- Prisma's migration engine splits scripts at every semicolon, even inside dollar quotes and
-- comments: the body is an E-string whose statement ends are written as the octal escape \073.
CREATE FUNCTION realtime_claim_delivery(p_endpoint_id bigint, p_endpoint_cap integer, p_breaker_failures integer, p_lease_ms integer)
RETURNS TABLE (delivery_id uuid, owner_id text, circuit text, failures integer, open_until timestamptz, in_flight bigint, backlog boolean, next_due timestamptz)
LANGUAGE plpgsql VOLATILE AS E'
DECLARE
  v_cap integer\073
BEGIN
  SELECT e.user_id, e.consecutive_failures, e.circuit_open_until INTO owner_id, failures, open_until
  FROM realtime_endpoints e WHERE e.id = p_endpoint_id FOR NO KEY UPDATE\073
  IF NOT FOUND THEN
    RETURN\073
  END IF\073
  backlog := false\073
  IF failures < p_breaker_failures THEN
    circuit := ''closed''\073
    v_cap := p_endpoint_cap\073
  ELSIF open_until > now() THEN
    circuit := ''open''\073
    next_due := open_until\073
    RETURN NEXT\073
    RETURN\073
  ELSE
    circuit := ''half_open''\073
    v_cap := 1\073
  END IF\073
  SELECT count(*) INTO in_flight FROM realtime_deliveries d
  WHERE d.endpoint_id = p_endpoint_id AND d.status = ''pending'' AND d.lease_until IS NOT NULL AND d.lease_until > now()\073
  IF in_flight < v_cap THEN
    UPDATE realtime_deliveries d SET lease_until = now() + p_lease_ms * interval ''1 millisecond''
    WHERE d.id = (
      SELECT n.id FROM realtime_deliveries n
      WHERE n.endpoint_id = p_endpoint_id AND n.status = ''pending'' AND coalesce(n.next_attempt_at, n.created_at) <= now()
        AND (n.lease_until IS NULL OR n.lease_until <= now())
      ORDER BY coalesce(n.next_attempt_at, n.created_at) LIMIT 1 FOR UPDATE SKIP LOCKED
    )
    RETURNING d.id INTO delivery_id\073
  END IF\073
  IF delivery_id IS NOT NULL THEN
    in_flight := in_flight + 1\073
    backlog := EXISTS (
      SELECT 1 FROM realtime_deliveries n
      WHERE n.endpoint_id = p_endpoint_id AND n.status = ''pending'' AND coalesce(n.next_attempt_at, n.created_at) <= now()
        AND (n.lease_until IS NULL OR n.lease_until <= now()) AND n.id <> delivery_id
    )\073
  ELSE
    next_due := least(
      (SELECT coalesce(n.next_attempt_at, n.created_at) FROM realtime_deliveries n
       WHERE n.endpoint_id = p_endpoint_id AND n.status = ''pending'' AND coalesce(n.next_attempt_at, n.created_at) > now()
       ORDER BY coalesce(n.next_attempt_at, n.created_at) LIMIT 1),
      (SELECT min(n.lease_until) FROM realtime_deliveries n
       WHERE n.endpoint_id = p_endpoint_id AND n.status = ''pending'' AND n.lease_until IS NOT NULL)
    )\073
  END IF\073
  RETURN NEXT\073
END\073
';
