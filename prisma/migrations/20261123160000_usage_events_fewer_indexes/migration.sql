-- Every API call adds one usage_events row, and each index is one more insert per call on the
-- database's share of the hot path. Two indexes duplicated others:
--   (user_id, created_at): the (user_id, created_at DESC, id DESC) index serves the same
--   per-account ranges in either direction (the CSV export reads it forwards);
--   (user_id, request_id): request ids are unique per call, so the request_id index finds a
--   call and the account is checked on that one row.
DROP INDEX IF EXISTS "usage_events_user_id_created_at_idx";
DROP INDEX IF EXISTS "usage_events_user_id_request_id_idx";
