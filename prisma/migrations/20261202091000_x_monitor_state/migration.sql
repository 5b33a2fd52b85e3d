-- Issue 32: what the X monitor source saw at each follows or profile rule's last poll on X, the
-- other side of the next poll's diff (lib/monitors/x-monitor-state.ts).
--   subject: what the state describes (the monitored account's id for a follows rule, 'profile' for
--     a profile rule): a rule replaced to watch another account starts from a new baseline.
--   state: follows {followers?, following?: {<user id>: [username, name]}, truncated?},
--     profile {<user id>: {user, fields, status}} (status available, deleted or suspended).
--   version: moved by each poll that stores it, in the transaction recording the poll's events. A
--     poller that finds another version than it read stores nothing (a takeover never records twice).
-- A rule that is no longer active (paused, deleted) loses its row: resumed, it starts from a new baseline.
CREATE TABLE realtime_x_monitor_state (
  rule_id    bigint PRIMARY KEY REFERENCES realtime_rules (id) ON DELETE CASCADE,
  subject    text NOT NULL,
  state      jsonb NOT NULL,
  version    bigint NOT NULL DEFAULT 1,
  polled_at  timestamptz NOT NULL DEFAULT now()
);
