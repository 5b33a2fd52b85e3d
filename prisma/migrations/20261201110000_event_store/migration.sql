-- Issue 32: realtime_matches becomes the store of EVERY event, not only rule matches. The table
-- keeps its name (much code reads it), a row is an event: its id is the stream's event id, the
-- id of GET /v2/events, and what deliveries reference (match_id).
--   rule.match: rule_id, key_id, tweet_id, tweet (as before),
--   follow.*, profile.*: rule_id, key_id, data, event_key (what makes it unique within its rule),
--   account.balance_low, budget.threshold, export.*: the workspace's (user_id) alone, with data.
ALTER TABLE realtime_matches ADD COLUMN event text NOT NULL DEFAULT 'rule.match'
  CONSTRAINT realtime_matches_event_check CHECK (event IN ('rule.match', 'follow.added', 'follow.removed', 'profile.updated', 'profile.unavailable', 'profile.available', 'account.balance_low', 'budget.threshold', 'export.completed', 'export.failed'));
ALTER TABLE realtime_matches ADD COLUMN data jsonb;
ALTER TABLE realtime_matches ADD COLUMN event_key text;
ALTER TABLE realtime_matches ALTER COLUMN tweet_id DROP NOT NULL;
ALTER TABLE realtime_matches ALTER COLUMN tweet DROP NOT NULL;
ALTER TABLE realtime_matches ALTER COLUMN rule_id DROP NOT NULL;
ALTER TABLE realtime_matches ALTER COLUMN key_id DROP NOT NULL;
-- Only a match has a tweet, account events have neither rule nor key, every other event has both.
ALTER TABLE realtime_matches ADD CONSTRAINT realtime_matches_tweet_check CHECK ((event = 'rule.match') = (tweet_id IS NOT NULL AND tweet IS NOT NULL));
ALTER TABLE realtime_matches ADD CONSTRAINT realtime_matches_owner_check CHECK ((event IN ('account.balance_low', 'budget.threshold', 'export.completed', 'export.failed')) = (rule_id IS NULL AND key_id IS NULL));
-- A monitor event is recorded once per rule however often its source replays it.
CREATE UNIQUE INDEX realtime_matches_event_once ON realtime_matches (rule_id, event_key) WHERE event_key IS NOT NULL;
-- A key's listing (GET /v2/events, the stream) reads its rules' events by realtime_matches_key
-- (key_id, id) and its workspace's account events by this one: partial, so the account events
-- of a workspace with millions of matches are found without walking past the matches.
CREATE INDEX realtime_matches_account ON realtime_matches (user_id, id) WHERE rule_id IS NULL;

ALTER TABLE realtime_deliveries DROP CONSTRAINT realtime_deliveries_event_check;
ALTER TABLE realtime_deliveries ADD CONSTRAINT realtime_deliveries_event_check CHECK (event IN ('rule.match', 'test', 'follow.added', 'follow.removed', 'profile.updated', 'profile.unavailable', 'profile.available', 'account.balance_low', 'budget.threshold', 'export.completed', 'export.failed'));

-- The events routed to an endpoint: NULL takes every event, otherwise only the names listed
-- (test events are always sent). Every statement that creates deliveries checks it.
ALTER TABLE realtime_endpoints ADD COLUMN events text[];
