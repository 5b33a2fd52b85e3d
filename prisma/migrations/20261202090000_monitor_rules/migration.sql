-- Issue 32: account monitors are rules of two new kinds beside query and accounts.
--   follows: one account (accounts[1], account_ids[1]) and a direction: events follow.added / follow.removed,
--   profile: up to 100 accounts (accounts, account_ids): events profile.updated / .unavailable / .available.
ALTER TABLE realtime_rules DROP CONSTRAINT realtime_rules_kind_check;
ALTER TABLE realtime_rules ADD CONSTRAINT realtime_rules_kind_check CHECK (kind IN ('query', 'accounts', 'follows', 'profile'));
ALTER TABLE realtime_rules ADD COLUMN direction text CHECK (direction IN ('followers', 'following', 'both'));
ALTER TABLE realtime_rules ADD CONSTRAINT realtime_rules_direction_kind_check CHECK ((kind = 'follows') = (direction IS NOT NULL));
DROP INDEX realtime_rules_active;
CREATE INDEX realtime_rules_active ON realtime_rules (platform, kind, id) WHERE status = 'active';

-- Tweets are queued for the matcher only while a tweet rule (query or accounts) is active on the
-- embedded platform: a monitor alone has no use for them.
CREATE OR REPLACE FUNCTION realtime_queue_new_tweets() RETURNS trigger LANGUAGE plpgsql
AS E'BEGIN IF EXISTS (SELECT 1 FROM realtime_rules WHERE status = ''active'' AND platform = ''local'' AND kind IN (''query'', ''accounts'')) THEN INSERT INTO realtime_tweet_queue (tweet_id) SELECT id FROM new_tweets ON CONFLICT DO NOTHING\073 PERFORM pg_notify(''perch_realtime_tweets'', '''')\073 END IF\073 RETURN NULL\073 END';

-- The embedded platform's account changes, queued by the changing statement itself while a monitor
-- of that family is active on it, for the monitor worker (lib/monitors). A worker claims rows
-- (FOR UPDATE SKIP LOCKED) and deletes them in the transaction that records their events, so a
-- crash puts them back and the event key ('q' || id) keeps a replay from recording twice.
--   follow.added / follow.removed: follower_id follows / stopped following followee_id,
--   profile: the user's profile fields before (old) and after (new): new is null when the user was deleted.
CREATE TABLE realtime_monitor_queue (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  change      text NOT NULL CHECK (change IN ('follow.added', 'follow.removed', 'profile')),
  follower_id bigint,
  followee_id bigint,
  user_id     bigint,
  old         jsonb,
  new         jsonb,
  queued_at   timestamptz(3) NOT NULL DEFAULT clock_timestamp()
);

-- Which rules name an account: the triggers below ask it for every changed row.
CREATE INDEX realtime_rules_monitored ON realtime_rules USING gin (account_ids) WHERE status = 'active' AND kind IN ('follows', 'profile');

-- What a profile monitor compares (lib/delivery/event-data.ts PROFILE_FIELDS), with the username to name the user by.
CREATE FUNCTION realtime_profile_fields(u platform.users) RETURNS jsonb LANGUAGE sql IMMUTABLE
AS 'SELECT jsonb_build_object(''username'', u.username, ''name'', u.name, ''description'', u.description, ''location'', u.location, ''url'', u.url, ''profile_image_url'', u.profile_image_url, ''profile_banner_url'', u.profile_banner_url, ''verified'', u.verified, ''protected'', u.protected, ''pinned_tweet_ids'', u.pinned_tweet_ids::text[])';

CREATE FUNCTION realtime_queue_follows_added() RETURNS trigger LANGUAGE plpgsql
AS E'BEGIN INSERT INTO realtime_monitor_queue (change, follower_id, followee_id) SELECT ''follow.added'', f.follower_id, f.followee_id FROM new_follows f WHERE EXISTS (SELECT 1 FROM realtime_rules r WHERE r.status = ''active'' AND r.kind IN (''follows'', ''profile'') AND r.kind = ''follows'' AND r.platform = ''local'' AND r.account_ids && ARRAY[f.follower_id::text, f.followee_id::text]) ORDER BY f.id\073 IF FOUND THEN PERFORM pg_notify(''perch_realtime_monitors'', '''')\073 END IF\073 RETURN NULL\073 END';
CREATE TRIGGER realtime_queue_follows_added AFTER INSERT ON platform.follows
  REFERENCING NEW TABLE AS new_follows FOR EACH STATEMENT EXECUTE FUNCTION realtime_queue_follows_added();

CREATE FUNCTION realtime_queue_follows_removed() RETURNS trigger LANGUAGE plpgsql
AS E'BEGIN INSERT INTO realtime_monitor_queue (change, follower_id, followee_id) SELECT ''follow.removed'', f.follower_id, f.followee_id FROM old_follows f WHERE EXISTS (SELECT 1 FROM realtime_rules r WHERE r.status = ''active'' AND r.kind IN (''follows'', ''profile'') AND r.kind = ''follows'' AND r.platform = ''local'' AND r.account_ids && ARRAY[f.follower_id::text, f.followee_id::text]) ORDER BY f.id\073 IF FOUND THEN PERFORM pg_notify(''perch_realtime_monitors'', '''')\073 END IF\073 RETURN NULL\073 END';
CREATE TRIGGER realtime_queue_follows_removed AFTER DELETE ON platform.follows
  REFERENCING OLD TABLE AS old_follows FOR EACH STATEMENT EXECUTE FUNCTION realtime_queue_follows_removed();

-- Counts change on every follow, like and tweet: a row is queued only when a compared field changed.
CREATE FUNCTION realtime_queue_profile_updates() RETURNS trigger LANGUAGE plpgsql
AS E'BEGIN IF EXISTS (SELECT 1 FROM realtime_rules WHERE status = ''active'' AND kind = ''profile'' AND platform = ''local'') THEN INSERT INTO realtime_monitor_queue (change, user_id, old, new) SELECT ''profile'', n.id, realtime_profile_fields(o), realtime_profile_fields(n) FROM new_users n JOIN old_users o ON o.id = n.id WHERE realtime_profile_fields(o) IS DISTINCT FROM realtime_profile_fields(n) AND EXISTS (SELECT 1 FROM realtime_rules r WHERE r.status = ''active'' AND r.kind IN (''follows'', ''profile'') AND r.kind = ''profile'' AND r.platform = ''local'' AND r.account_ids @> ARRAY[n.id::text]) ORDER BY n.id\073 IF FOUND THEN PERFORM pg_notify(''perch_realtime_monitors'', '''')\073 END IF\073 END IF\073 RETURN NULL\073 END';
CREATE TRIGGER realtime_queue_profile_updates AFTER UPDATE ON platform.users
  REFERENCING OLD TABLE AS old_users NEW TABLE AS new_users FOR EACH STATEMENT EXECUTE FUNCTION realtime_queue_profile_updates();

CREATE FUNCTION realtime_queue_profile_deletions() RETURNS trigger LANGUAGE plpgsql
AS E'BEGIN INSERT INTO realtime_monitor_queue (change, user_id, old, new) SELECT ''profile'', o.id, realtime_profile_fields(o), NULL FROM old_users o WHERE EXISTS (SELECT 1 FROM realtime_rules r WHERE r.status = ''active'' AND r.kind IN (''follows'', ''profile'') AND r.kind = ''profile'' AND r.platform = ''local'' AND r.account_ids @> ARRAY[o.id::text]) ORDER BY o.id\073 IF FOUND THEN PERFORM pg_notify(''perch_realtime_monitors'', '''')\073 END IF\073 RETURN NULL\073 END';
CREATE TRIGGER realtime_queue_profile_deletions AFTER DELETE ON platform.users
  REFERENCING OLD TABLE AS old_users FOR EACH STATEMENT EXECUTE FUNCTION realtime_queue_profile_deletions();

-- A monitor's events reach each endpoint in the order they were recorded: a follow.* or
-- profile.* delivery is not claimed while an earlier one of the same rule to the same endpoint is
-- still pending (under way, or waiting for its retry), so a failed attempt is retried before
-- anything recorded after it, and the endpoint's concurrency never sends two of one rule at once.
-- A delivery that gives up (failed) no longer holds the others back. Other events keep their
-- order by due time (20261127140500_webhook_fairness, of which this is otherwise a copy).
CREATE OR REPLACE FUNCTION realtime_claim_delivery(p_endpoint_id bigint, p_endpoint_cap integer, p_breaker_failures integer, p_lease_ms integer)
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
        AND (n.event NOT IN (''follow.added'', ''follow.removed'', ''profile.updated'', ''profile.unavailable'', ''profile.available'') OR NOT EXISTS (
          SELECT 1 FROM realtime_matches nm JOIN realtime_deliveries p ON p.endpoint_id = n.endpoint_id AND p.status = ''pending'' AND p.match_id < n.match_id
          JOIN realtime_matches pm ON pm.id = p.match_id AND pm.rule_id = nm.rule_id
          WHERE nm.id = n.match_id))
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

-- One monitor's events, newest or oldest first (the dashboard's timeline, GET /v2/events?rule_id=):
-- without it a rule's rows are found by walking its key's events.
CREATE INDEX realtime_matches_rule ON realtime_matches (rule_id, id) WHERE rule_id IS NOT NULL;
