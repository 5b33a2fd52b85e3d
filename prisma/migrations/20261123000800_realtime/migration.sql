-- Real-time: filter rules, their matches, webhook endpoints and deliveries (issue 12).

CREATE TABLE realtime_rules (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id       text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key_id        text NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  tag           text NOT NULL,
  kind          text NOT NULL CHECK (kind IN ('query', 'accounts')),
  query         text,
  -- The query's words as PostgreSQL's tsquery text (websearch_to_tsquery('simple', …)), for the in-memory matcher.
  text_query    text,
  -- Monitored accounts: usernames as given (lower case) and their platform ids, resolved once.
  accounts      text[] NOT NULL DEFAULT '{}',
  account_ids   bigint[] NOT NULL DEFAULT '{}',
  status        text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused')),
  paused_reason text CHECK (paused_reason IN ('paused_by_user', 'insufficient_credits', 'key_limit_reached')),
  created_at    timestamptz(3) NOT NULL DEFAULT now(),
  updated_at    timestamptz(3) NOT NULL DEFAULT now(),
  CHECK ((kind = 'query') = (query IS NOT NULL)),
  CHECK ((status = 'paused') = (paused_reason IS NOT NULL))
);
CREATE INDEX realtime_rules_key ON realtime_rules (key_id, id);
CREATE INDEX realtime_rules_user ON realtime_rules (user_id, status);
CREATE INDEX realtime_rules_active ON realtime_rules (id) WHERE status = 'active';

-- Tweets committed while some rule is active, waiting for a matcher. A matcher claims rows
-- with FOR UPDATE SKIP LOCKED and deletes them in the transaction that records the matches,
-- so each tweet is matched by one instance, and a crash puts it back.
CREATE TABLE realtime_tweet_queue (
  tweet_id  bigint PRIMARY KEY,
  queued_at timestamptz(3) NOT NULL DEFAULT clock_timestamp()
);

-- Pushed, not polled: new tweets are queued by the inserting statement itself and a
-- notification wakes the matchers when it commits. Without any active rule it queues nothing.
CREATE FUNCTION realtime_queue_new_tweets() RETURNS trigger LANGUAGE plpgsql
-- Prisma's migration engine splits scripts at every semicolon, even inside quotes, so the
-- function bodies write theirs as the escape \073 of an E'' string.
AS E'BEGIN IF EXISTS (SELECT 1 FROM realtime_rules WHERE status = ''active'') THEN INSERT INTO realtime_tweet_queue (tweet_id) SELECT id FROM new_tweets ON CONFLICT DO NOTHING\073 PERFORM pg_notify(''perch_realtime_tweets'', '''')\073 END IF\073 RETURN NULL\073 END';
CREATE TRIGGER realtime_queue_new_tweets AFTER INSERT ON platform.tweets
  REFERENCING NEW TABLE AS new_tweets FOR EACH STATEMENT EXECUTE FUNCTION realtime_queue_new_tweets();

-- Rules paused for want of credits resume when credits are granted: the grant says so.
CREATE FUNCTION realtime_notify_credit_grant() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN PERFORM pg_notify(''perch_realtime_credits'', NEW.user_id)\073 RETURN NULL\073 END';
CREATE TRIGGER realtime_notify_credit_grant AFTER INSERT ON credit_grants
  FOR EACH ROW EXECUTE FUNCTION realtime_notify_credit_grant();

-- One row per (rule, tweet): the unique key is what makes a tweet reach a rule once.
-- The id is the stream's event id (Last-Event-ID), and the tweet is kept as delivered.
CREATE TABLE realtime_matches (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  rule_id    bigint NOT NULL REFERENCES realtime_rules (id) ON DELETE CASCADE,
  user_id    text NOT NULL,
  key_id     text NOT NULL,
  tweet_id   bigint NOT NULL,
  tweet      jsonb NOT NULL,
  matched_at timestamptz(3) NOT NULL DEFAULT now(),
  -- Set when the match was first delivered (webhook 2xx or written to a stream) and paid for.
  charged_at timestamptz(3),
  CONSTRAINT realtime_matches_once UNIQUE (rule_id, tweet_id)
);
CREATE INDEX realtime_matches_key ON realtime_matches (key_id, id);
CREATE INDEX realtime_matches_time ON realtime_matches (matched_at);

CREATE TABLE realtime_endpoints (
  id                     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id                text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  url                    text NOT NULL,
  description            text NOT NULL DEFAULT '',
  secret                 text NOT NULL,
  -- After a rotation the old secret signs too, until it expires: receivers switch without a gap.
  previous_secret        text,
  previous_secret_expires_at timestamptz(3),
  active                 boolean NOT NULL DEFAULT true,
  created_at             timestamptz(3) NOT NULL DEFAULT now(),
  updated_at             timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX realtime_endpoints_user ON realtime_endpoints (user_id, id);

CREATE TABLE realtime_deliveries (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  endpoint_id     bigint NOT NULL REFERENCES realtime_endpoints (id) ON DELETE CASCADE,
  -- null for a test event sent from the dashboard or the API.
  match_id        bigint REFERENCES realtime_matches (id) ON DELETE CASCADE,
  event           text NOT NULL CHECK (event IN ('rule.match', 'test')),
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'awaiting_credits', 'delivered', 'failed')),
  attempts        integer NOT NULL DEFAULT 0,
  last_status_code integer,
  last_error      text,
  last_latency_ms integer,
  next_attempt_at timestamptz(3),
  created_at      timestamptz(3) NOT NULL DEFAULT now(),
  delivered_at    timestamptz(3),
  CONSTRAINT realtime_deliveries_once UNIQUE (match_id, endpoint_id)
);
CREATE INDEX realtime_deliveries_endpoint ON realtime_deliveries (endpoint_id, created_at DESC);
CREATE INDEX realtime_deliveries_awaiting ON realtime_deliveries (endpoint_id) WHERE status = 'awaiting_credits';

-- Every change to the rules (API or dashboard) tells the matchers to reload them.
CREATE FUNCTION realtime_notify_rules_changed() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN PERFORM pg_notify(''perch_realtime_rules'', '''')\073 RETURN NULL\073 END';
CREATE TRIGGER realtime_notify_rules_changed AFTER INSERT OR UPDATE OR DELETE ON realtime_rules
  FOR EACH STATEMENT EXECUTE FUNCTION realtime_notify_rules_changed();
