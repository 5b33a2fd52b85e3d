-- Open GET /v2/stream connections (issue 26, point 3): one row per open stream, so that the
-- per-key and per-account caps hold across every instance sharing this database. An instance
-- refreshes heartbeat_at of its rows every few seconds. Rows of an instance that stopped doing
-- so (killed, cut off from the database) stop counting after the time-to-live and are deleted.
-- Unlogged: the rows only describe live connections, which a database crash ends anyway.

CREATE UNLOGGED TABLE realtime_stream_slots (
  id           bigserial PRIMARY KEY,
  user_id      text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key_id       text NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  instance_id  text NOT NULL,
  opened_at    timestamptz(3) NOT NULL DEFAULT now(),
  heartbeat_at timestamptz(3) NOT NULL DEFAULT now()
);

CREATE INDEX realtime_stream_slots_user ON realtime_stream_slots (user_id);
CREATE INDEX realtime_stream_slots_instance ON realtime_stream_slots (instance_id);

-- Takes a slot for a stream of the key when neither the key nor its account is at its cap, in
-- one round trip: the account's advisory lock serializes concurrent claims on every instance,
-- and each statement of this (volatile) function reads with a fresh snapshot, so the count
-- sees the slots claimed by whoever held the lock before. Expired slots of the account are
-- deleted first. Answers the counts found and the new slot's id (null when refused).
-- (Semicolons in the body are written \073: the migration runner splits scripts at each one.)
CREATE FUNCTION realtime_claim_stream_slot(p_user_id text, p_key_id text, p_instance_id text, p_key_cap integer, p_account_cap integer, p_ttl_ms integer)
RETURNS TABLE (slot_id bigint, key_open bigint, account_open bigint)
LANGUAGE plpgsql VOLATILE
AS E'BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(''perch-stream-slots:'' || p_user_id, 0))\073
  DELETE FROM realtime_stream_slots s WHERE s.user_id = p_user_id AND s.heartbeat_at < now() - p_ttl_ms * interval ''1 millisecond''\073
  SELECT count(*) FILTER (WHERE s.key_id = p_key_id), count(*) INTO key_open, account_open FROM realtime_stream_slots s WHERE s.user_id = p_user_id\073
  slot_id := NULL\073
  IF key_open < p_key_cap AND account_open < p_account_cap THEN
    INSERT INTO realtime_stream_slots (user_id, key_id, instance_id) VALUES (p_user_id, p_key_id, p_instance_id) RETURNING id INTO slot_id\073
  END IF\073
  RETURN NEXT\073
END';
