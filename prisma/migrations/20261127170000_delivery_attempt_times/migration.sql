-- A replayed delivery kept being shown as created at the replay (issue 27): replay overwrote
-- created_at to restart the retry window. Now created_at stays the match's delivery creation,
-- replayed_at restarts the retry window, and last_attempt_at says when the last POST was made.
ALTER TABLE realtime_deliveries ADD COLUMN replayed_at timestamptz(3);
ALTER TABLE realtime_deliveries ADD COLUMN last_attempt_at timestamptz(3);
